"use client";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { chainLabel } from "@/lib/chains";
import { balanceRows, emptyChains, tokenTotals, type AllBalances } from "@/lib/clients/balances";
import { balanceColumns, tokenTotalColumns, type Row } from "./all-balances-columns";

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
  const columns = useMemo(() => balanceColumns(), []);
  const totalColumns = useMemo(() => tokenTotalColumns(), []);
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
