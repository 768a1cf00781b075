"use client";
import { useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { Tabs } from "@/components/ui/tabs";
import { testClientsUrl } from "@/lib/lab/routes";
import type { TestClient } from "@/lib/lab/test-clients";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { readYieldPage } from "@/lib/yield/page-state";
import { whyReadOnly, type YieldClientView } from "@/lib/yield/positions";
import { yieldClientUrl } from "@/lib/yield/routes";
import { YIELD_TABS, yieldPageParsers, type YieldTab } from "@/lib/yield/search-params";
import { ClientPicker } from "./client-picker";
import { HistoryTab } from "./history-tab";
import { OpportunitiesTab } from "./opportunities-tab";
import { PositionsTab } from "./positions-tab";
import { RunsTab } from "./runs-tab";
import { SetUpTestClient } from "./set-up-test-client";

/** /yield: choose a client, then its opportunities, positions, the console's runs and the provider's history. */
export function YieldView({
  canAct,
  canSetUp,
  testnetsByDefault,
}: {
  canAct: boolean;
  /** May set up test clients (wallet-lab:use). */
  canSetUp: boolean;
  testnetsByDefault: boolean;
}) {
  const [state, setState] = useQueryStates(yieldPageParsers, { history: "push" });
  const page = readYieldPage(state, testnetsByDefault);
  const tests = useQuery({
    queryKey: queryKeys.testClients.list(),
    queryFn: () => fetchJson<{ clients: TestClient[] }>(testClientsUrl()),
  });
  const pick = (client: string) => void setState({ client, network: null, token: null, type: null, networks: null });
  const noTestClient = tests.isSuccess && tests.data.clients.length === 0;
  return (
    <div className="space-y-4">
      {page.dropped.length > 0 ? (
        <p role="status" className="rounded bg-warning-soft px-3 py-2 text-sm text-warning">
          Left out of the address: {page.dropped.join("; ")}.
        </p>
      ) : null}
      <ClientPicker current={page.clientId} onPick={pick} />
      {canSetUp ? (
        <SetUpTestClient empty={noTestClient && !page.clientId} sandbox={testnetsByDefault} onReady={pick} />
      ) : null}
      {!page.clientId && noTestClient && !canSetUp ? (
        <p className="text-sm text-muted" role="status">
          The console has no test client yet: a developer sets one up here. To read any client&apos;s yields, type its
          id above.
        </p>
      ) : null}
      {page.clientId ? (
        <ClientArea
          key={page.clientId}
          clientId={page.clientId}
          canAct={canAct}
          tab={page.tab}
          onTab={(tab) => void setState({ tab })}
          page={page}
          testnetsByDefault={testnetsByDefault}
        />
      ) : null}
    </div>
  );
}

function ClientArea({
  clientId,
  canAct,
  tab,
  onTab,
  page,
  testnetsByDefault,
}: {
  testnetsByDefault: boolean;
  clientId: string;
  canAct: boolean;
  tab: YieldTab;
  onTab: (tab: YieldTab) => void;
  page: ReturnType<typeof readYieldPage>;
}) {
  const client = useQuery({
    queryKey: queryKeys.yield.client(clientId),
    queryFn: () => fetchJson<YieldClientView>(yieldClientUrl(clientId)),
  });
  if (client.isPending) return <Skeleton className="h-24 w-full" />;
  if (client.isError)
    return <ErrorState message={client.error.message} error={client.error} onRetry={() => void client.refetch()} />;
  const readOnly = whyReadOnly(client.data, canAct);
  const tabs = [
    {
      value: "opportunities",
      label: "Opportunities",
      content: (
        <OpportunitiesTab
          client={client.data}
          readOnly={readOnly}
          filters={page.filters}
          testnetsByDefault={testnetsByDefault}
        />
      ),
    },
    {
      value: "positions",
      label: "Positions",
      content: <PositionsTab client={client.data} readOnly={readOnly} networks={page.networks} />,
    },
    { value: "runs", label: "Console runs", content: <RunsTab clientId={clientId} /> },
    { value: "history", label: "Provider history", content: <HistoryTab clientId={clientId} /> },
  ];
  return (
    <div className="space-y-4">
      <ClientSummary client={client.data} readOnly={readOnly} />
      <Tabs
        label="Yield of the client"
        value={tab}
        onValueChange={(v) => onTab((YIELD_TABS as readonly string[]).includes(v) ? (v as YieldTab) : "opportunities")}
        tabs={tabs}
      />
    </div>
  );
}

function ClientSummary({ client, readOnly }: { client: YieldClientView; readOnly: string | null }) {
  return (
    <section aria-label="Client" className="space-y-2 rounded-lg border border-border bg-surface p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-xs break-all">{client.clientId}</span>
        {client.isTestClient ? <Badge tone="accent">test client</Badge> : <Badge>read-only</Badge>}
        {client.isAccountAbstracted ? <Badge>account-abstracted</Badge> : null}
      </div>
      {client.address ? (
        <p className="flex min-w-0 flex-wrap items-center gap-1">
          <span className="text-muted">
            {client.isAccountAbstracted ? "Smart account (ERC-4337), the address the yields see:" : "EVM address:"}
          </span>
          <span className="font-mono text-xs break-all" data-testid="yield-address">
            {client.address}
          </span>
          <CopyButton value={client.address} label="address" />
        </p>
      ) : (
        <p className="text-muted">No EVM wallet yet.</p>
      )}
      {readOnly ? (
        <p role="note" className="text-muted" data-testid="read-only-reason">
          {readOnly}
        </p>
      ) : null}
    </section>
  );
}
