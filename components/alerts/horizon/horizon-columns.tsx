"use client";
import { ChainBlock, ZonedTime } from "@/components/alerts/event-cells";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import type { AtRiskEvent } from "@/lib/alerts/drop-horizon";
import { formatDuration, shortAddress } from "@/lib/shared/format";
import { wallTime } from "@/lib/shared/time-zone";

/** "in 42m 10s" or "overdue by …", from the computation's own time so the page agrees with its counts. */
function relative(iso: string, at: string): string {
  const ms = Date.parse(iso) - Date.parse(at);
  return ms >= 0 ? `in ${formatDuration(ms)}` : `${formatDuration(-ms)} ago`;
}

function When({ iso, at, tz }: { iso: string; at: string; tz: string }) {
  return (
    <span className="flex flex-col">
      <time dateTime={iso} className="tabular whitespace-nowrap">
        {wallTime(iso, tz)}
      </time>
      <span className="text-xs text-muted">{relative(iso, at)}</span>
    </span>
  );
}

/** The drop horizon's columns: when each event is dropped and retried next, from the computation's own time. */
export function horizonColumns(tz: string, at: string): DisplayColumn<AtRiskEvent>[] {
  return [
    {
      id: "dropsAt",
      header: `To be dropped (${tz})`,
      cell: ({ row }) => <When iso={row.original.dropsAt} at={at} tz={tz} />,
    },
    {
      id: "nextRetryAt",
      header: "Next retry",
      cell: ({ row }) =>
        Date.parse(row.original.nextRetryAt) <= Date.parse(at) ? (
          <Badge tone="warning">due now</Badge>
        ) : (
          <When iso={row.original.nextRetryAt} at={at} tz={tz} />
        ),
    },
    {
      id: "retries",
      header: "Retries",
      cell: ({ row }) => (
        <span className="tabular whitespace-nowrap">
          {row.original.event.retries} of 7{" "}
          <span className="text-xs text-muted">({row.original.retriesLeft} left)</span>
        </span>
      ),
    },
    {
      id: "createdAt",
      header: "Raised",
      cell: ({ row }) => <ZonedTime iso={row.original.event.createdAt} tz={tz} />,
    },
    {
      id: "chain",
      header: "Chain",
      cell: ({ row }) => <ChainBlock event={row.original.event} />,
    },
    {
      id: "hash",
      header: "Transaction",
      cell: ({ row }) =>
        row.original.event.transactionHashes.map((hash) => (
          <span key={hash} className="flex items-center gap-0.5 font-mono text-xs" title={hash}>
            {shortAddress(hash, 10, 6)}
            <CopyButton value={hash} label="transaction hash" />
          </span>
        )),
    },
    {
      id: "error",
      header: "Last error",
      meta: { fill: true },
      cell: ({ row }) => (
        <span className="text-xs break-words text-muted">{row.original.event.errorMessage ?? "—"}</span>
      ),
    },
  ];
}
