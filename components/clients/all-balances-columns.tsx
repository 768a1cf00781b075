"use client";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { CopyButton } from "@/components/ui/copy-button";
import type { BalanceRow, TokenTotal } from "@/lib/clients/balances";
import { shortAddress } from "@/lib/shared/format";

/** A holding, or a chain that could not be read (its own row, so the rest still shows). */
export type Row = (BalanceRow & { failed?: undefined }) | { chainId: string; chain: string; failed: string };

/** The columns of the balances on every chain: a chain that failed says why in its token cell. */
export function balanceColumns(): DisplayColumn<Row>[] {
  return [
    { header: "Chain", id: "chain", meta: { rowHeader: true }, cell: ({ row: { original: r } }) => r.chain },
    {
      header: "Token",
      id: "token",
      cell: ({ row: { original: r } }) =>
        r.failed !== undefined ? (
          <span className="text-danger">{r.failed}</span>
        ) : (
          <span className="font-medium">{r.symbol}</span>
        ),
    },
    {
      header: "Name",
      id: "name",
      cell: ({ row: { original: r } }) => (r.failed !== undefined ? "" : <span className="text-muted">{r.name}</span>),
    },
    {
      header: "Amount",
      id: "amount",
      meta: { numeric: true },
      cell: ({ row: { original: r } }) => (r.failed !== undefined ? "" : <span className="tabular">{r.amount}</span>),
    },
    {
      header: "Contract",
      id: "contract",
      cell: ({ row: { original: r } }) =>
        r.failed !== undefined ? (
          ""
        ) : r.contract ? (
          <span className="inline-flex items-center gap-0.5 font-mono text-xs" title={r.contract}>
            {shortAddress(r.contract)}
            <CopyButton value={r.contract} label={`${r.symbol} contract on ${r.chain}`} />
          </span>
        ) : (
          <span className="text-muted">native</span>
        ),
    },
  ];
}

/** The columns of the totals per token. */
export function tokenTotalColumns(): DisplayColumn<TokenTotal>[] {
  return [
    { header: "Token", id: "token", meta: { rowHeader: true }, cell: ({ row: { original: t } }) => t.token },
    {
      header: "Total",
      id: "amount",
      meta: { numeric: true },
      cell: ({ row: { original: t } }) => <span className="tabular">{t.amount}</span>,
    },
    { header: "On", id: "chains", cell: ({ row: { original: t } }) => t.chains.join(", ") },
  ];
}
