"use client";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import type { UsageRow } from "@/lib/gas/rows";
import { usageColumns } from "./usage-columns";

/**
 * The chart's numbers as a table, exact, one row per month and chain (newest first): the
 * accessible reading of the chart, and cell for cell what the CSV holds. With a single chain the
 * chain column is left out (the caption names it), so the table fits beside the chart.
 */
export function UsageTable({ rows, slots }: { rows: UsageRow[]; slots: Record<string, number> }) {
  const chains = Object.keys(slots);
  const single = chains.length === 1;
  const columns = useMemo(() => usageColumns(single, slots), [single, slots]);
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
