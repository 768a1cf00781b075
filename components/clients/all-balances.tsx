"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { CopyButton } from "@/components/ui/copy-button";
import { chainLabel } from "@/lib/chains";
import {
  balanceRows,
  emptyChains,
  tokenTotals,
  type AllBalances,
  type BalanceRow,
  type TokenTotal,
} from "@/lib/clients/balances";
import { shortAddress } from "@/lib/shared/format";

/** A holding, or a chain that could not be read (its own row, so the rest still shows). */
type Row = (BalanceRow & { failed?: undefined }) | { chainId: string; chain: string; failed: string };

/** Every chain with a balance in one table, a chain that failed as its own row, and totals per token. */
export function AllBalancesView({ data }: { data: AllBalances }) {
  const rows: Row[] = useMemo(
    () => [
      ...balanceRows(data.chains),
      ...data.chains.flatMap((c) =>
        c.ok ? [] : [{ chainId: c.chainId, chain: chainLabel(c.chainId), failed: c.message }],
      ),
    ],
    [data],
  );
  const totals = useMemo(() => tokenTotals(balanceRows(data.chains)), [data]);
  const empty = emptyChains(data.chains);
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
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
        cell: ({ row: { original: r } }) =>
          r.failed !== undefined ? "" : <span className="text-muted">{r.name}</span>,
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
    ],
    [],
  );
  const totalColumns = useMemo<ColumnDef<TokenTotal, unknown>[]>(
    () => [
      { header: "Token", id: "token", meta: { rowHeader: true }, cell: ({ row: { original: t } }) => t.token },
      {
        header: "Total",
        id: "amount",
        meta: { numeric: true },
        cell: ({ row: { original: t } }) => <span className="tabular">{t.amount}</span>,
      },
      { header: "On", id: "chains", cell: ({ row: { original: t } }) => t.chains.join(", ") },
    ],
    [],
  );
  return (
    <div className="space-y-4">
      {rows.length === 0 ? (
        <p className="rounded border border-dashed border-border p-4 text-sm text-muted">
          No balance on any chain this client has a wallet on.
        </p>
      ) : (
        <DataTable
          columns={columns}
          data={rows}
          caption="Balances on every chain"
          getRowId={(r) => (r.failed !== undefined ? `${r.chainId}/failed` : `${r.chainId}/${r.contract ?? "native"}`)}
        />
      )}
      {empty.length > 0 ? (
        <p className="px-1 text-xs text-muted">Nothing held on {empty.map(chainLabel).join(", ")}.</p>
      ) : null}
      {totals.length > 0 ? (
        <section aria-labelledby="totals-heading" className="space-y-2">
          <h3 id="totals-heading" className="text-sm font-semibold">
            Totals per token
          </h3>
          <DataTable columns={totalColumns} data={totals} caption="Totals per token" getRowId={(t) => t.token} />
          <p className="px-1 text-xs text-muted">Test coins are totalled apart from real ones.</p>
        </section>
      ) : null}
    </div>
  );
}
