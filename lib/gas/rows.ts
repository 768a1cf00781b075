/**
 * The numbers behind the chart, one row per month and chain: what the table beside the chart shows
 * and, cell for cell, what the CSV holds (the server builds the file from these same rows).
 */
import { chainInfo, chainLabel } from "@/lib/chains";
import { fromBaseUnits } from "./decimal";
import { monthsOn, type ChainHistory } from "./history";
import { isoMonth, type MonthOrdinal } from "./months";

export interface UsageRow {
  month: MonthOrdinal;
  chainId: string;
  chain: string;
  /** Exact, in the native unit. */
  usage: string;
  unit: string;
  txCount: number;
}

export const nativeUnitOf = (chainId: string) => chainInfo(chainId)?.nativeSymbol ?? "native units";

/** Newest month first; within a month, the chains in the order given. */
export function usageRows(histories: readonly ChainHistory[], axis: readonly MonthOrdinal[]): UsageRow[] {
  const perChain = histories.map((h) => ({ h, months: monthsOn(h, axis) }));
  const rows: UsageRow[] = [];
  for (let i = axis.length - 1; i >= 0; i--) {
    for (const { h, months } of perChain) {
      const m = months[i];
      if (!m) continue;
      rows.push({
        month: m.month,
        chainId: h.chainId,
        chain: chainLabel(h.chainId),
        usage: fromBaseUnits(m.usage, h.scale),
        unit: nativeUnitOf(h.chainId),
        txCount: m.txCount,
      });
    }
  }
  return rows;
}

export const USAGE_CSV_HEADER = ["month", "chain", "chain_id", "usage", "unit", "transactions"] as const;

export function usageCsvCells(row: UsageRow): (string | number)[] {
  return [isoMonth(row.month), row.chain, row.chainId, row.usage, row.unit, row.txCount];
}
