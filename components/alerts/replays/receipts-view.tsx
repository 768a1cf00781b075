"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { ReceiptText } from "lucide-react";
import Link from "next/link";
import { useQueryState } from "nuqs";
import { useMemo } from "react";
import { ZonedTime } from "@/components/alerts/event-cells";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DownloadLink } from "@/components/ui/download-link";
import { PressedGroup } from "@/components/ui/pressed-group";
import { EmptyState, ErrorState, InlineError, TableSkeleton } from "@/components/ui/states";
import { Stat, useZoneParam, ZoneSwitch } from "@/components/ui/zone-switch";
import {
  RECEIPT_LABELS,
  RECEIPT_OUTCOMES,
  type ReceiptOutcome,
  type ReceiptsPage,
  type ReplayReceipt,
} from "@/lib/alerts/replay-receipts";
import { RECEIPT_SHOWS, receiptsParsers } from "@/lib/alerts/search-params";
import { chainLabel } from "@/lib/chains";
import { shortAddress } from "@/lib/shared/format";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { wallTime } from "@/lib/shared/time-zone";

type Show = (typeof RECEIPT_SHOWS)[number];

export const receiptsUrl = (webhookId: string, runId: string, show: string, after: number) => {
  const params = new URLSearchParams();
  if (show !== "all") params.set("outcome", show);
  if (after > 0) params.set("after", String(after));
  const query = params.toString();
  return `/api/alerts/webhooks/${encodeURIComponent(webhookId)}/replays/${runId}${query ? `?${query}` : ""}`;
};

export const receiptsCsvUrl = (webhookId: string, runId: string) =>
  `/api/alerts/webhooks/${encodeURIComponent(webhookId)}/replays/${runId}/csv`;

const following = (page: ReceiptsPage | undefined) =>
  !!page && (page.run.status === "queued" || page.run.status === "running");

/** A run's receipts, a hundred at a time, re-read every few seconds while the run follows them. */
export function useReceipts(webhookId: string, runId: string, show: Show) {
  return useInfiniteQuery({
    queryKey: queryKeys.alerts.receipts(webhookId, runId, show),
    queryFn: ({ pageParam }) => fetchJson<ReceiptsPage>(receiptsUrl(webhookId, runId, show, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: (query) => (following(query.state.data?.pages[0]) ? 3_000 : false),
  });
}

const TONES: Record<ReceiptOutcome, "success" | "danger" | "warning" | "neutral" | "accent"> = {
  sent: "accent",
  awaiting: "accent",
  delivered: "success",
  failed: "danger",
  pending: "warning",
  refused: "neutral",
  unconfirmed: "warning",
  untracked: "neutral",
};

function Outcome({ receipt }: { receipt: ReplayReceipt }) {
  return (
    <span className="flex flex-col items-start gap-0.5">
      <Badge tone={TONES[receipt.outcome]}>{RECEIPT_LABELS[receipt.outcome]}</Badge>
      {receipt.message ? <span className="text-xs break-words text-muted">{receipt.message}</span> : null}
    </span>
  );
}

function columns(webhookId: string, tz: string): ColumnDef<ReplayReceipt, unknown>[] {
  return [
    { id: "seq", header: "#", cell: ({ row }) => <span className="tabular">{row.original.seq}</span> },
    {
      id: "event",
      header: "Event",
      cell: ({ row }) => {
        const r = row.original;
        const hash = r.transactionHashes[0];
        return (
          <span className="flex flex-col gap-0.5">
            <span className="flex items-center gap-0.5 font-mono text-xs whitespace-nowrap" title={r.eventId}>
              {shortAddress(r.eventId, 10, 6)}
              <CopyButton value={r.eventId} label="event id" />
            </span>
            {hash ? (
              <Link
                href={`/alerts/${encodeURIComponent(webhookId)}?hash=${hash}`}
                className="font-mono text-xs text-accent underline underline-offset-2"
                aria-label={`${shortAddress(hash, 10, 6)}: alerts of transaction ${hash}`}
              >
                {shortAddress(hash, 10, 6)}
              </Link>
            ) : null}
          </span>
        );
      },
    },
    {
      id: "chain",
      header: "Chain",
      cell: ({ row }) =>
        row.original.chainId ? (
          <span className="whitespace-nowrap">
            {chainLabel(row.original.chainId)}{" "}
            <span className="tabular text-xs text-muted">#{row.original.blockNumber}</span>
          </span>
        ) : (
          <span className="text-xs text-muted">not known</span>
        ),
    },
    {
      id: "outcome",
      header: "Outcome",
      meta: { fill: true },
      cell: ({ row }) => <Outcome receipt={row.original} />,
    },
    {
      id: "outcomeAt",
      header: `When (${tz})`,
      cell: ({ row }) =>
        row.original.outcomeAt ? (
          <ZonedTime iso={row.original.outcomeAt} tz={tz} />
        ) : (
          <span className="text-xs text-muted">—</span>
        ),
    },
    {
      id: "row",
      header: "Attempt",
      cell: ({ row }) => {
        const r = row.original;
        if (r.outcomeRowId && r.outcomeRowId !== r.eventId)
          return (
            <span className="font-mono text-xs" title={r.outcomeRowId}>
              new row {shortAddress(r.outcomeRowId, 8, 4)}
            </span>
          );
        if (r.outcomeRowId === r.eventId)
          return (
            <span className="text-xs whitespace-nowrap">
              this event{r.retries !== null ? <span className="tabular">, retry {r.retries}</span> : null}
            </span>
          );
        return <span className="text-xs text-muted">—</span>;
      },
    },
  ];
}

export function ReceiptsView({ webhookId, runId }: { webhookId: string; runId: string }) {
  const [tz, setZone] = useZoneParam();
  const [show, setShow] = useQueryState("outcome", receiptsParsers.outcome);
  const pages = useReceipts(webhookId, runId, show);
  const cols = useMemo(() => columns(webhookId, tz), [webhookId, tz]);

  if (pages.isPending) return <TableSkeleton rows={6} columns={6} />;
  if (pages.isError && !pages.data)
    return <ErrorState message={pages.error.message} error={pages.error} onRetry={() => void pages.refetch()} />;
  const first = pages.data.pages[0] as ReceiptsPage;
  const { run } = first;
  const receipts = pages.data.pages.flatMap((p) => p.receipts);
  const live = following(first);
  const open = run.tally.sent + run.tally.awaiting;
  const options = RECEIPT_SHOWS.filter((s) => s === "all" || s === show || run.tally[s] > 0).map((s) => ({
    value: s,
    label:
      s === "all"
        ? `All ${run.total.toLocaleString("en")}`
        : `${RECEIPT_LABELS[s]} ${run.tally[s].toLocaleString("en")}`,
  }));
  return (
    <div className="space-y-4" data-testid="receipts" data-status={run.status}>
      <div className="flex flex-wrap items-end justify-between gap-4 rounded border border-border bg-surface p-4">
        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <Stat label="Replayed" value={run.total.toLocaleString("en")} testId="receipts-total" />
          <Stat label="Delivered" value={run.tally.delivered.toLocaleString("en")} testId="receipts-delivered" />
          <Stat label="Failed again" value={run.tally.failed.toLocaleString("en")} testId="receipts-failed" />
          <Stat
            label={live ? "Awaiting" : "Still pending"}
            value={(live ? open : run.tally.pending + open).toLocaleString("en")}
            testId="receipts-pending"
          />
          <Stat
            label="Not replayed"
            value={(run.tally.refused + run.tally.unconfirmed + run.tally.untracked).toLocaleString("en")}
            testId="receipts-other"
          />
        </dl>
        <ZoneSwitch tz={tz} onChange={setZone} />
      </div>
      <p className="text-sm text-muted" data-testid="receipts-state" aria-live="polite">
        {run.kind === "all" ? "Replay of all failed events matching filters" : "Replay of selected events"}, started{" "}
        {wallTime(run.startedAt, tz)} ({tz}) by {run.startedByEmail}.{" "}
        {live
          ? `Following each replayed event for its new outcome${run.followUntil ? ` until ${wallTime(run.followUntil, tz)}` : ""}; this page updates itself.`
          : run.status === "succeeded"
            ? `Followed to the end${run.finishedAt ? ` (${wallTime(run.finishedAt, tz)})` : ""}${run.tally.pending > 0 ? `: ${run.tally.pending.toLocaleString("en")} still had no new outcome then` : ""}.`
            : `The run ${run.status === "cancelled" ? "was cancelled" : "failed"}; receipts show what was known when it stopped.`}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PressedGroup label="Show receipts" options={options} value={show} onChange={(v) => void setShow(v)} />
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {run.csvSha256 ? (
            <span className="flex items-center gap-1 text-xs text-muted" title={run.csvSha256}>
              SHA-256{" "}
              <span className="font-mono" data-testid="receipts-sha256">{`${run.csvSha256.slice(0, 16)}…`}</span>
              <CopyButton value={run.csvSha256} label="the CSV's SHA-256" />
            </span>
          ) : null}
          <DownloadLink href={receiptsCsvUrl(webhookId, runId)}>Download CSV</DownloadLink>
        </div>
      </div>
      {pages.isRefetchError ? (
        <InlineError
          message={`The receipts could not be refreshed: ${pages.error.message}`}
          onRetry={() => void pages.refetch()}
        />
      ) : null}
      {receipts.length === 0 ? (
        <EmptyState title="No receipts to show" icon={<ReceiptText className="size-6" aria-hidden />}>
          {run.total === 0
            ? "This run has not sent any event yet."
            : "No receipt has this outcome: choose another above."}
        </EmptyState>
      ) : (
        <>
          <DataTable
            caption="Replay receipts in the order sent"
            columns={cols}
            data={receipts}
            getRowId={(r) => r.eventId}
          />
          <div className="flex items-center justify-between gap-3 text-sm text-muted">
            <span data-testid="receipts-shown">
              {receipts.length.toLocaleString("en")} of {first.matching.toLocaleString("en")} shown
            </span>
            {pages.hasNextPage ? (
              <Button
                variant="secondary"
                disabled={pages.isFetchingNextPage}
                onClick={() => void pages.fetchNextPage()}
              >
                {pages.isFetchingNextPage ? "Loading…" : "Load more"}
              </Button>
            ) : null}
          </div>
          {pages.isFetchNextPageError ? (
            <InlineError
              message={`More receipts could not be loaded: ${pages.error.message}`}
              onRetry={() => void pages.fetchNextPage()}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
