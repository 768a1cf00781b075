"use client";
import Link from "next/link";
import { ChainBlock, ZonedTime } from "@/components/alerts/event-cells";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import type { ChainVerdict, WatchdogFinding } from "@/lib/alerts/watchdog";
import { shortAddress } from "@/lib/shared/format";

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

/** The watchdog's columns: each alert whose confirmed partner never came, with what the chain says. */
export function watchdogColumns(webhookId: string, tz: string): DisplayColumn<WatchdogFinding>[] {
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
