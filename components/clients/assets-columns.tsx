"use client";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { CopyButton } from "@/components/ui/copy-button";
import { shortAddress } from "@/lib/shared/format";

/** One asset of the client on one chain: the native coin, or a token. */
export interface BalanceRow {
  native: boolean;
  symbol: string;
  name: string;
  balance: string;
  raw: string;
  decimals: number;
  contract: string | null;
}

/** The columns of the client's balances on one chain. */
export function assetColumns(): DisplayColumn<BalanceRow>[] {
  return [
    {
      header: "Asset",
      id: "asset",
      cell: ({ row: { original: r } }) => (
        <span>
          <span className="font-medium">{r.symbol}</span> <span className="text-muted">{r.name}</span>
          {r.native ? <span className="ml-1 text-xs text-muted">(native)</span> : null}
        </span>
      ),
    },
    {
      header: "Amount",
      id: "amount",
      meta: { numeric: true },
      cell: ({ row: { original: r } }) => <span className="tabular break-all">{r.balance}</span>,
    },
    {
      header: "Raw amount",
      id: "raw",
      meta: { numeric: true },
      cell: ({ row: { original: r } }) => <span className="font-mono text-xs tabular break-all">{r.raw}</span>,
    },
    {
      header: "Decimals",
      id: "decimals",
      cell: ({ row: { original: r } }) => <span className="tabular">{r.decimals}</span>,
    },
    {
      header: "Contract",
      id: "contract",
      cell: ({ row: { original: r } }) =>
        r.contract ? (
          <span className="inline-flex items-center gap-0.5 font-mono text-xs" title={r.contract}>
            {shortAddress(r.contract)}
            <CopyButton value={r.contract} label={`${r.symbol} contract`} />
          </span>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
  ];
}
