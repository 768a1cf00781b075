/**
 * One chain's usage response read into chronological months of exact amounts. The spec says the
 * upstream lists months newest first; the console sorts anyway, merges a month listed twice, and
 * refuses a month name or an amount it cannot read (shown as an error, never as a wrong chart).
 */
import { chainInfo } from "@/lib/chains";
import type { GasUsageResponse } from "@/lib/contracts/gas";
import { fractionDigits, toBaseUnits } from "./decimal";
import { monthNumber, monthOrdinal, type MonthOrdinal } from "./months";

export interface UsageMonth {
  month: MonthOrdinal;
  /** Gas paid, in base units at the history's scale. */
  usage: bigint;
  txCount: number;
}

export interface ChainHistory {
  chainId: string;
  /** The sponsor (paymaster) address. */
  address: string;
  /** Decimals of the base unit the amounts are counted in: the native coin's, or more if the upstream sends more. */
  scale: number;
  /** Months the upstream lists, oldest first. */
  months: UsageMonth[];
  /** The upstream's own all-time totals. */
  totalUsage: bigint;
  totalTxs: number;
}

export type HistoryResult = { ok: true; history: ChainHistory } | { ok: false; message: string };

export function readHistory(response: GasUsageResponse): HistoryResult {
  const amounts = [response.totalUsage, ...response.usageData.map((m) => m.usage)];
  const scale = Math.max(chainInfo(response.chainId)?.nativeDecimals ?? 18, ...amounts.map(fractionDigits));
  const byMonth = new Map<MonthOrdinal, UsageMonth>();
  try {
    for (const entry of response.usageData) {
      const month = monthNumber(entry.month);
      if (month === undefined) throw new Error(`“${entry.month.slice(0, 40)}” is not an English month name`);
      if (entry.txCount < 0) throw new Error(`a negative transaction count for ${entry.month} ${entry.year}`);
      const ordinal = monthOrdinal(entry.year, month);
      const usage = toBaseUnits(entry.usage, scale);
      const previous = byMonth.get(ordinal);
      byMonth.set(ordinal, {
        month: ordinal,
        usage: usage + (previous?.usage ?? 0n),
        txCount: entry.txCount + (previous?.txCount ?? 0),
      });
    }
    return {
      ok: true,
      history: {
        chainId: response.chainId,
        address: response.address,
        scale,
        months: [...byMonth.values()].sort((a, b) => a.month - b.month),
        totalUsage: toBaseUnits(response.totalUsage, scale),
        totalTxs: response.totalTxsSponsored,
      },
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The months of `axis`, each with the history's figures or zero where the upstream lists none. */
export function monthsOn(history: ChainHistory, axis: readonly MonthOrdinal[]): UsageMonth[] {
  const byMonth = new Map(history.months.map((m) => [m.month, m]));
  return axis.map((month) => byMonth.get(month) ?? { month, usage: 0n, txCount: 0 });
}

/** Whether any month of the axis had sponsored gas. */
export function hasUsageOn(history: ChainHistory, axis: readonly MonthOrdinal[]): boolean {
  const first = axis[0];
  const last = axis.at(-1);
  if (first === undefined || last === undefined) return false;
  return history.months.some((m) => m.month >= first && m.month <= last && (m.txCount > 0 || m.usage > 0n));
}
