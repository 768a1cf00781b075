"use client";
import { ReceiptText } from "lucide-react";
import { useQueryState } from "nuqs";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DownloadLink } from "@/components/ui/download-link";
import { PressedGroup } from "@/components/ui/pressed-group";
import { EmptyState, ErrorState, InlineError, TableSkeleton } from "@/components/ui/states";
import { Stat, useZoneParam, ZoneSwitch } from "@/components/ui/zone-switch";
import { RECEIPT_LABELS, type ReceiptsPage } from "@/lib/alerts/replay-receipts";
import { receiptsCsvUrl } from "@/lib/alerts/routes";
import { RECEIPT_SHOWS, receiptsParsers } from "@/lib/alerts/search-params";
import { wallTime } from "@/lib/shared/time-zone";
import { receiptColumns } from "./receipts-columns";
import { following, useReceipts } from "./use-replays";

export function ReceiptsView({ webhookId, runId }: { webhookId: string; runId: string }) {
  const [tz, setZone] = useZoneParam();
  const [show, setShow] = useQueryState("outcome", receiptsParsers.outcome);
  const pages = useReceipts(webhookId, runId, show);
  const cols = useMemo(() => receiptColumns(webhookId, tz), [webhookId, tz]);

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
