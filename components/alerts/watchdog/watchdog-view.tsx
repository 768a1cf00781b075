"use client";
import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { ShieldCheck } from "lucide-react";
import Link from "next/link";
import { useQueryState } from "nuqs";
import { useMemo } from "react";
import { ChainBlock, ZonedTime } from "@/components/alerts/event-cells";
import { SummaryTest, useSummaryTest } from "@/components/alerts/test-activity/summary-test";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { PressedGroup } from "@/components/ui/pressed-group";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { Stat, useZoneParam, ZoneSwitch } from "@/components/ui/zone-switch";
import type { TestMode } from "@/lib/alerts/test-activity";
import type { ChainVerdict, WatchdogFinding, WatchdogReport } from "@/lib/alerts/watchdog";
import { shortAddress } from "@/lib/shared/format";
import { WATCHDOG_SHOWS, watchdogParsers } from "@/lib/alerts/search-params";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { wallTime } from "@/lib/shared/time-zone";
import { ConfirmedChecks } from "./confirmed-checks";

type Show = (typeof WATCHDOG_SHOWS)[number];
const SHOW_LABELS: Record<Show, string> = {
  all: "All",
  missing: "Not on the chain",
  mined: "On the chain",
  unknown: "Not known",
};

export const watchdogUrl = (webhookId: string, test: TestMode) =>
  `/api/alerts/webhooks/${encodeURIComponent(webhookId)}/watchdog?test=${test}`;

export function useWatchdog(webhookId: string, test: TestMode) {
  return useQuery({
    queryKey: queryKeys.alerts.watchdog(webhookId, test),
    queryFn: () => fetchJson<WatchdogReport>(watchdogUrl(webhookId, test)),
  });
}

function verdictKind(finding: WatchdogFinding): Exclude<Show, "all"> {
  return finding.chain?.kind ?? "unknown";
}

function Verdict({ chain }: { chain?: ChainVerdict }) {
  if (!chain) return <span className="text-xs text-muted">not looked up (older than the newest 50)</span>;
  if (chain.kind === "missing") return <Badge tone="danger">not on the chain</Badge>;
  if (chain.kind === "unknown")
    return (
      <span className="text-xs text-muted">
        <Badge tone="warning">not known</Badge> {chain.message}
      </span>
    );
  return (
    <span className="flex flex-col gap-0.5">
      <Badge tone={chain.status === "success" ? "success" : "danger"}>
        {chain.status === "success" ? "mined" : "mined, reverted"}
      </Badge>
      <span className="text-xs text-muted tabular">
        block {chain.blockNumber}, {chain.confirmations.toLocaleString("en")} confirmations
      </span>
    </span>
  );
}

function columns(webhookId: string, tz: string): ColumnDef<WatchdogFinding, unknown>[] {
  return [
    {
      id: "createdAt",
      header: `Alert (${tz})`,
      cell: ({ row }) => <ZonedTime iso={row.original.event.createdAt} tz={tz} />,
    },
    {
      id: "dueAt",
      header: "Confirmed alert due",
      cell: ({ row }) => <ZonedTime iso={row.original.dueAt} tz={tz} />,
    },
    {
      id: "chain",
      header: "Chain",
      cell: ({ row }) => <ChainBlock event={row.original.event} />,
    },
    {
      id: "hash",
      header: "Transaction",
      cell: ({ row }) => {
        const hash = row.original.event.transactionHashes[0] as string;
        return (
          <span className="flex items-center gap-0.5 font-mono text-xs" title={hash}>
            <Link
              href={`/alerts/${encodeURIComponent(webhookId)}?hash=${hash}`}
              className="text-accent underline underline-offset-2"
              aria-label={`${shortAddress(hash, 10, 6)}: alerts of transaction ${hash}`}
            >
              {shortAddress(hash, 10, 6)}
            </Link>
            <CopyButton value={hash} label="transaction hash" />
          </span>
        );
      },
    },
    {
      id: "confirmed",
      header: "Confirmed alerts",
      cell: ({ row }) => (
        <span className="text-xs tabular whitespace-nowrap">
          {row.original.confirmed} of {row.original.alerts}
        </span>
      ),
    },
    {
      id: "verdict",
      header: "What the chain says",
      meta: { fill: true },
      cell: ({ row }) => <Verdict chain={row.original.chain} />,
    },
  ];
}

export function WatchdogView({ webhookId }: { webhookId: string }) {
  const { test } = useSummaryTest();
  const report = useWatchdog(webhookId, test);
  const [tz, setZone] = useZoneParam();
  const [show, setShow] = useQueryState("show", watchdogParsers.show);
  const cols = useMemo(() => columns(webhookId, tz), [webhookId, tz]);

  if (report.isPending) return <TableSkeleton rows={5} columns={6} />;
  if (report.isError)
    return <ErrorState message={report.error.message} error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const counts = Object.fromEntries(WATCHDOG_SHOWS.map((s) => [s, 0])) as Record<Show, number>;
  for (const f of data.findings) counts[verdictKind(f)]++;
  counts.all = data.findings.length;
  const shown = show === "all" ? data.findings : data.findings.filter((f) => verdictKind(f) === show);
  return (
    <div className="space-y-4">
      <SummaryTest note={data.testActivity} />
      <div className="flex flex-wrap items-end justify-between gap-4 rounded border border-border bg-surface p-4">
        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <Stat
            label="Confirmation missing"
            value={data.findings.length.toLocaleString("en")}
            testId="watchdog-findings"
          />
          <Stat label="Not on the chain" value={counts.missing.toLocaleString("en")} testId="watchdog-missing" />
          <Stat label="Still within their wait" value={data.awaiting.toLocaleString("en")} testId="watchdog-awaiting" />
          <Stat label="Transactions watched" value={data.transactions.toLocaleString("en")} />
        </dl>
        <ZoneSwitch tz={tz} onChange={setZone} />
      </div>
      <p className="text-sm text-muted">
        The upstream sends an EVM transfer&apos;s alert twice: when it sees the transaction, and again once the chain is
        its confirmation depth past it (Sepolia 18 blocks, Base 100, Optimism 500, …). These are the alerts raised since{" "}
        {wallTime(data.since, tz)} ({tz}) whose second alert never came, though it was due more than ten minutes ago: a
        reorganisation dropped the transaction, or the upstream lost it. Beside each, what the chain says of the
        transaction now.
      </p>
      {!data.complete ? (
        <p role="status" className="rounded border border-warning/40 bg-warning-soft p-3 text-sm">
          More alerts were raised than were read: only those since {wallTime(data.since, tz)} are watched.
        </p>
      ) : null}
      <PressedGroup
        label="Show"
        options={WATCHDOG_SHOWS.map((k) => ({
          value: k,
          label: `${SHOW_LABELS[k]} (${counts[k].toLocaleString("en")})`,
        }))}
        value={show}
        onChange={(k) => void setShow(k === "all" ? null : k)}
      />
      {shown.length === 0 ? (
        <EmptyState title="Every alert has its partner" icon={<ShieldCheck className="size-6" aria-hidden />}>
          {show === "all"
            ? "No transaction of the watched day is missing its confirmed alert."
            : `No finding is “${SHOW_LABELS[show].toLowerCase()}”.`}
        </EmptyState>
      ) : (
        <DataTable
          caption="Alerts whose confirmed alert never came, newest first"
          columns={cols}
          data={shown}
          getRowId={(f) => f.event.id}
        />
      )}
      <ConfirmedChecks webhookId={webhookId} tz={tz} checks={data.confirmedChecks} />
    </div>
  );
}
