"use client";
import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo } from "react";
import { ChainBlock, ZonedTime } from "@/components/alerts/event-cells";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import type { Disagreement, DisputedTransaction, WatchdogReport } from "@/lib/alerts/watchdog";
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

function columns(webhookId: string, tz: string): ColumnDef<DisputedTransaction, unknown>[] {
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

/**
 * The transactions whose confirmed alerts all came, asked of the chain: the upstream said "confirmed",
 * and the chain now disagrees (a reorganisation after the confirmed alert, a revert, fewer blocks on
 * top than the depth the alert stood for).
 */
export function ConfirmedChecks({
  webhookId,
  tz,
  checks,
}: {
  webhookId: string;
  tz: string;
  checks: WatchdogReport["confirmedChecks"];
}) {
  const cols = useMemo(() => columns(webhookId, tz), [webhookId, tz]);
  const scope =
    checks.asked === checks.of
      ? `all ${checks.of.toLocaleString("en")}`
      : `${checks.asked.toLocaleString("en")} of ${checks.of.toLocaleString("en")}`;
  return (
    <section aria-labelledby="confirmed-checks" className="space-y-2">
      <h2 id="confirmed-checks" className="text-base font-semibold">
        Confirmed, and asked of the chain
      </h2>
      <p className="text-sm text-muted" data-testid="confirmed-checks">
        Transactions of the watched day whose confirmed alerts all came: {scope} asked of the chain through the
        upstream&apos;s gateway, each once, the oldest first
        {checks.oldestUnasked ? (
          <>
            {" "}
            (every one first alerted before <ZonedTime iso={checks.oldestUnasked} tz={tz} /> asked; the rest in the next
            minutes)
          </>
        ) : null}
        .{" "}
        {checks.disputed.length === 0
          ? "Each is on the chain, succeeded, and at least its depth deep."
          : `${checks.disputed.length.toLocaleString("en")} the chain disagrees with:`}
        {checks.unknown > 0 ? ` ${checks.unknown.toLocaleString("en")} could not be asked.` : ""}
      </p>
      {checks.disputed.length > 0 ? (
        <DataTable
          caption="Confirmed transactions the chain disagrees with, newest first"
          columns={cols}
          data={checks.disputed}
          getRowId={(d) => d.event.id}
        />
      ) : null}
    </section>
  );
}
