"use client";
import Link from "next/link";
import { ZonedTime } from "@/components/alerts/event-cells";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { RECEIPT_LABELS, type ReceiptOutcome, type ReplayReceipt } from "@/lib/alerts/replay-receipts";
import { chainLabel } from "@/lib/chains";
import { shortAddress } from "@/lib/shared/format";

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

/** A replay run's receipts in the order sent: each event, its chain, what it came to, and which attempt. */
export function receiptColumns(webhookId: string, tz: string): DisplayColumn<ReplayReceipt>[] {
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
