"use client";
import { useQueryState } from "nuqs";
import type { LabShares } from "@/components/lab/wallet-panel";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorState, TableSkeleton } from "@/components/ui/states";
import { Tabs } from "@/components/ui/tabs";
import type { Permission } from "@/lib/auth/permissions";
import { clientDetailSearchParams } from "@/lib/clients/search-params";
import type { UpstreamMode } from "@/lib/clients/transfer-chains";
import { ejectSummaryOf } from "@/lib/ejects/summary";
import { walletEjection } from "@/lib/ejects/wallet-ejection";
import type { TestClient } from "@/lib/lab/test-clients";
import { utc } from "@/lib/shared/format";
import { EjectSummaryBadge } from "../ejects/eject-summary";
import { EjectTab } from "../ejects/eject-tab";
import { useClientEjects } from "../ejects/use-client-ejects";
import { AssetsTab } from "./assets-tab";
import { BackLink } from "./back-link";
import { CredentialsTab } from "./credentials-tab";
import { LabTabLazy, TransferTabLazy } from "./form-tabs-lazy";
import { TimelineTab } from "./timeline-tab";
import { useClient } from "./use-client";
import { WalletCard } from "./wallet-card";

export function ClientDetail({
  clientId,
  permissions,
  currentUserEmail,
  testClient,
  labShares,
  upstreamMode,
}: {
  clientId: string;
  permissions: Permission[];
  currentUserEmail: string;
  /** Set when the console created this client as a test client (it can act for it). */
  testClient?: TestClient;
  /** Which shares the vault holds, for a test client the user may act for in the wallet lab. */
  labShares?: LabShares;
  /** Which upstream the console talks to: the sandbox builds fewer kinds of transfer. */
  upstreamMode: UpstreamMode;
}) {
  const client = useClient(clientId);
  // The same requests as the eject tab (prefetched by the page): the header says "ejected" by the
  // clients list's rule, which counts shares the console handed out.
  const ejects = useClientEjects(clientId);
  const [tab, setTab] = useQueryState("tab", clientDetailSearchParams.tab);
  const has = (p: Permission) => permissions.includes(p);

  if (client.isPending) return <TableSkeleton rows={6} />;
  if (client.isError)
    return <ErrorState message={client.error.message} error={client.error} onRetry={() => void client.refetch()} />;
  const c = client.data;
  const eject = ejectSummaryOf(c, ejects.data?.requests ?? []);

  const tabs = [
    has("assets:read") && { value: "assets", label: "Assets", content: <AssetsTab client={c} /> },
    has("transfers:build") && {
      value: "transfer",
      label: "Build transfer",
      content: <TransferTabLazy client={c} upstreamMode={upstreamMode} />,
    },
    has("credentials:issue") && {
      value: "credentials",
      label: "Credentials",
      content: <CredentialsTab clientId={c.id} />,
    },
    (has("eject:request") || has("eject:approve") || has("eject:fetch-shares") || has("clients:read")) && {
      value: "eject",
      label: "Eject",
      content: <EjectTab client={c} permissions={permissions} currentUserEmail={currentUserEmail} />,
    },
    testClient &&
      labShares &&
      has("wallet-lab:use") && {
        value: "lab",
        label: "Wallet lab",
        content: <LabTabLazy client={c} initialShares={labShares} />,
      },
    has("clients:read") && {
      value: "timeline",
      label: "Timeline",
      content: <TimelineTab clientId={c.id} createdAt={c.createdAt} canReadAudit={has("audit:read")} />,
    },
  ].filter((t): t is { value: string; label: string; content: React.JSX.Element } => Boolean(t));
  const selected = tabs.some((t) => t.value === tab) ? tab : (tabs[0]?.value ?? "eject");

  return (
    <div className="space-y-6">
      <div>
        <BackLink />
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="font-mono text-lg font-semibold" data-testid="client-id">
            {c.id}
          </h1>
          <CopyButton value={c.id} label="client id" />
          {c.isAccountAbstracted ? <Badge tone="accent">Account abstraction</Badge> : <Badge>EOA</Badge>}
          {testClient ? (
            <Badge tone="warning">
              <span title={`Created by ${testClient.createdByEmail}; its key and shares are in the console's vault`}>
                Test client
              </span>
            </Badge>
          ) : null}
          {eject.state !== "none" ? (
            <span data-testid="client-eject-state">
              <EjectSummaryBadge summary={eject} />
            </span>
          ) : null}
        </div>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div>
            <dt className="inline text-muted">Created </dt>
            <dd className="inline tabular">{utc(c.createdAt)}</dd>
          </div>
          <div>
            <dt className="inline text-muted">Environment </dt>
            <dd className="inline">{c.environment.name}</dd>
          </div>
          <div>
            <dt className="inline text-muted">Custodian </dt>
            <dd className="inline">{c.custodian.name}</dd>
          </div>
        </dl>
      </div>

      <section aria-labelledby="wallets-heading">
        <h2 id="wallets-heading" className="mb-2 text-sm font-semibold">
          Wallets
        </h2>
        {c.wallets.length === 0 ? (
          <p className="rounded border border-dashed border-border bg-surface p-4 text-sm text-muted">
            No wallets yet: the client has not generated its MPC shares.
          </p>
        ) : (
          <div className="grid gap-3 lg:grid-cols-2">
            {c.wallets.map((w) => (
              <WalletCard
                key={w.id}
                wallet={w}
                client={c}
                ejection={walletEjection(c, ejects.data?.requests ?? [], w.id)}
              />
            ))}
          </div>
        )}
      </section>

      <Tabs label="Client tools" value={selected} onValueChange={(v) => void setTab(v)} tabs={tabs} />
    </div>
  );
}
