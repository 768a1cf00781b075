"use client";
import Link from "next/link";
import { ChainBlock, ZonedTime } from "@/components/alerts/event-cells";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { Badge } from "@/components/ui/badge";
import type { Disagreement, DisputedTransaction } from "@/lib/alerts/watchdog";
import { shortAddress } from "@/lib/shared/format";

const WORDS: Record<Disagreement, string> = {
  missing: "no longer on the chain",
  reverted: "mined, reverted",
  shallow: "below its depth",
};

function Against({ row }: { row: DisputedTransaction }) {
  const { chain } = row;
  return (
    <span className="flex flex-col items-start gap-0.5">
      <Badge tone="danger">{WORDS[row.disagreement]}</Badge>
      {chain.kind === "mined" ? (
        <span className="text-xs text-muted tabular">
          block {chain.blockNumber}, {chain.confirmations.toLocaleString("en")} of {row.depth} confirmations
        </span>
      ) : null}
    </span>
  );
}

/** The columns of the confirmed transactions the chain disagrees with. */
export function confirmedCheckColumns(webhookId: string, tz: string): DisplayColumn<DisputedTransaction>[] {
  return [
    {
      id: "createdAt",
      header: `Alert (${tz})`,
      cell: ({ row }) => <ZonedTime iso={row.original.event.createdAt} tz={tz} />,
    },
    { id: "chain", header: "Chain", cell: ({ row }) => <ChainBlock event={row.original.event} /> },
    {
      id: "hash",
      header: "Transaction",
      cell: ({ row }) => {
        const hash = row.original.event.transactionHashes[0] as string;
        return (
          <Link
            href={`/alerts/${encodeURIComponent(webhookId)}?hash=${hash}`}
            className="font-mono text-xs text-accent underline underline-offset-2"
            title={hash}
            aria-label={`${shortAddress(hash, 10, 6)}: alerts of transaction ${hash}`}
          >
            {shortAddress(hash, 10, 6)}
          </Link>
        );
      },
    },
    {
      id: "askedAt",
      header: `Asked (${tz})`,
      cell: ({ row }) => <ZonedTime iso={row.original.askedAt} tz={tz} />,
    },
    {
      id: "against",
      header: "What the chain says",
      meta: { fill: true },
      cell: ({ row }) => <Against row={row.original} />,
    },
  ];
}
