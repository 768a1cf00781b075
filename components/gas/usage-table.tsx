"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { groupDigits } from "@/lib/gas/decimal";
import { formatCount } from "@/lib/gas/format";
import { monthLabel } from "@/lib/gas/months";
import type { UsageRow } from "@/lib/gas/rows";
import { Swatch } from "./series-colors";

/**
 * The chart's numbers as a table, exact, one row per month and chain (newest first): the
 * accessible reading of the chart, and cell for cell what the CSV holds. With a single chain the
 * chain column is left out (the caption names it), so the table fits beside the chart.
 */
export function UsageTable({ rows, slots }: { rows: UsageRow[]; slots: Record<string, number> }) {
  const chains = Object.keys(slots);
  const single = chains.length === 1;
  const columns = useMemo<ColumnDef<UsageRow, unknown>[]>(
    () => [
      {
        header: "Month",
        id: "month",
        cell: ({ row }) => <span className="whitespace-nowrap">{monthLabel(row.original.month)}</span>,
      },
      ...(single
        ? []
        : [
            {
              header: "Chain",
              id: "chain",
              cell: ({ row }) => (
                <span className="inline-flex items-center gap-1.5">
                  <Swatch slot={slots[row.original.chainId] ?? 0} />
                  {row.original.chain}
                </span>
              ),
            } satisfies ColumnDef<UsageRow, unknown>,
          ]),
      {
        header: "Gas sponsored",
        id: "usage",
        cell: ({ row }) => (
          <span className="tabular whitespace-nowrap">
            {groupDigits(row.original.usage)} <span className="text-muted">{row.original.unit}</span>
          </span>
        ),
      },
      {
        header: "Transactions",
        id: "tx",
        cell: ({ row }) => <span className="tabular">{formatCount(row.original.txCount)}</span>,
      },
    ],
    [single, slots],
  );
  const first = rows[0];
  return (
    <DataTable
      caption={
        single && first
          ? `Gas sponsored per month on ${first.chain} (${first.chainId})`
          : "Gas sponsored per month and chain"
      }
      columns={columns}
      data={rows}
      getRowId={(r) => `${r.month}-${r.chainId}`}
    />
  );
}
