"use client";
import Link from "next/link";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { chainLabel } from "@/lib/chains";
import { shortAddress } from "@/lib/shared/format";
import type { PendingRow } from "@/lib/yield/pending";
import { enumWords as words, withUnit } from "@/lib/yield/words";

/** The pending actions table's columns; Manage… on each row for who may act. */
export function pendingColumns(canAct: boolean, onManage: (row: PendingRow) => void): DisplayColumn<PendingRow>[] {
  return [
    {
      id: "client",
      header: "Client",
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-0.5">
          <Link
            href={`/yield?client=${encodeURIComponent(row.original.clientId)}&tab=positions`}
            className="font-mono text-xs text-accent underline underline-offset-2"
            title={row.original.clientId}
          >
            {shortAddress(row.original.clientId, 8, 4)}
          </Link>
          {row.original.isAccountAbstracted ? <Badge>account-abstracted</Badge> : null}
        </span>
      ),
    },
    {
      id: "yield",
      header: "Yield",
      meta: { fill: true },
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-mono text-xs break-all">{row.original.yieldId}</span>
          <span className="text-xs text-muted">{chainLabel(row.original.network)}</span>
        </span>
      ),
    },
    {
      id: "action",
      header: "Pending action",
      cell: ({ row }) => <Badge tone="accent">{words(row.original.action)}</Badge>,
    },
    {
      id: "amount",
      header: "Amount",
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-medium tabular" data-testid="pending-amount">
            {withUnit(row.original.amount, row.original.symbol)}
          </span>
          <span className="text-xs text-muted">{row.original.balanceType}</span>
        </span>
      ),
    },
    {
      id: "since",
      header: "Available since",
      cell: ({ row }) =>
        row.original.since ? (
          <time className="tabular text-xs" dateTime={row.original.since}>
            {row.original.since.replace("T", " ").slice(0, 16)} UTC
          </time>
        ) : (
          <span className="text-xs text-muted">now (accruing)</span>
        ),
    },
    {
      id: "manage",
      header: "",
      cell: ({ row }) =>
        canAct ? (
          <Button size="sm" onClick={() => onManage(row.original)}>
            Manage…
          </Button>
        ) : null,
    },
  ];
}
