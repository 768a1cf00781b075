"use client";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { groupDigits } from "@/lib/gas/decimal";
import { formatCount } from "@/lib/gas/format";
import { monthLabel } from "@/lib/gas/months";
import type { UsageRow } from "@/lib/gas/rows";
import { Swatch } from "./series-colors";

/** The usage table's columns: the chain column (with the chart's colour) only when several chains are shown. */
export function usageColumns(single: boolean, slots: Record<string, number>): DisplayColumn<UsageRow>[] {
  return [
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
          } satisfies DisplayColumn<UsageRow>,
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
  ];
}
