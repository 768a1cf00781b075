"use client";
import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { ShieldCheck } from "lucide-react";
import Link from "next/link";
import { parseAsString, parseAsStringLiteral, useQueryState } from "nuqs";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { useLocalZone } from "@/components/hooks/use-local-zone";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import type { ChainVerdict, WatchdogFinding, WatchdogReport } from "@/lib/alerts/watchdog";
import { chainLabel } from "@/lib/chains";
import { shortAddress } from "@/lib/shared/format";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { isZone, UTC, wallTime } from "@/lib/shared/time-zone";

const SHOW = ["all", "missing", "mined", "unknown"] as const;
type Show = (typeof SHOW)[number];
const SHOW_LABELS: Record<Show, string> = {
  all: "All",
  missing: "Not on the chain",
  mined: "On the chain",
  unknown: "Not known",
};

export const watchdogUrl = (webhookId: string) => `/api/alerts/webhooks/${encodeURIComponent(webhookId)}/watchdog`;

export function useWatchdog(webhookId: string) {
  return useQuery({
    queryKey: queryKeys.alerts.watchdog(webhookId),
    queryFn: () => fetchJson<WatchdogReport>(watchdogUrl(webhookId)),
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
      cell: ({ row }) => (
        <time dateTime={row.original.event.createdAt} className="tabular whitespace-nowrap">
          {wallTime(row.original.event.createdAt, tz)}
        </time>
      ),
    },
    {
      id: "dueAt",
      header: "Confirmed alert due",
      cell: ({ row }) => (
        <time dateTime={row.original.dueAt} className="tabular whitespace-nowrap">
          {wallTime(row.original.dueAt, tz)}
        </time>
      ),
    },
    {
      id: "chain",
      header: "Chain",
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {chainLabel(row.original.event.chainId)}{" "}
          <span className="tabular text-xs text-muted">#{row.original.event.blockNumber}</span>
        </span>
      ),
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
  const report = useWatchdog(webhookId);
  const local = useLocalZone();
  const [zoneParam, setZone] = useQueryState("tz", parseAsString.withDefault(UTC));
  const [show, setShow] = useQueryState("show", parseAsStringLiteral(SHOW).withDefault("all"));
  const tz = isZone(zoneParam) ? zoneParam : UTC;
  const cols = useMemo(() => columns(webhookId, tz), [webhookId, tz]);
  const zones = [...new Set([UTC, ...(local ? [local] : []), tz])];

  if (report.isPending) return <TableSkeleton rows={5} columns={6} />;
  if (report.isError)
    return <ErrorState message={report.error.message} error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const counts = Object.fromEntries(SHOW.map((s) => [s, 0])) as Record<Show, number>;
  for (const f of data.findings) counts[verdictKind(f)]++;
  counts.all = data.findings.length;
  const shown = show === "all" ? data.findings : data.findings.filter((f) => verdictKind(f) === show);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4 rounded border border-border bg-surface p-4">
        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <div>
            <dt className="text-muted">Confirmation missing</dt>
            <dd className="text-xl font-semibold tabular" data-testid="watchdog-findings">
              {data.findings.length.toLocaleString("en")}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Not on the chain</dt>
            <dd className="text-xl font-semibold tabular" data-testid="watchdog-missing">
              {counts.missing.toLocaleString("en")}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Still within their wait</dt>
            <dd className="text-xl font-semibold tabular" data-testid="watchdog-awaiting">
              {data.awaiting.toLocaleString("en")}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Transactions watched</dt>
            <dd className="text-xl font-semibold tabular">{data.transactions.toLocaleString("en")}</dd>
          </div>
        </dl>
        <fieldset className="flex items-center gap-3 text-sm">
          <legend className="sr-only">Time zone</legend>
          {zones.map((z) => (
            <label key={z} className="flex items-center gap-1.5">
              <input type="radio" name="tz" checked={tz === z} onChange={() => void setZone(z === UTC ? null : z)} />
              {z === UTC ? "UTC" : z === local ? `Local (${z})` : z}
            </label>
          ))}
        </fieldset>
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
      <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
        {SHOW.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={show === s}
            onClick={() => void setShow(s === "all" ? null : s)}
            className="rounded border border-border px-3 py-1 text-sm aria-pressed:border-accent aria-pressed:bg-accent-soft"
          >
            {SHOW_LABELS[s]} ({counts[s].toLocaleString("en")})
          </button>
        ))}
      </div>
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
    </div>
  );
}
