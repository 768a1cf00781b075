/**
 * The figures of a chain over the months shown: usage and transactions summed, the average per
 * transaction, and the change of the latest complete month against the month before. All on exact
 * base units (bigint); a percentage is computed in basis points before it becomes a number.
 */
import { divideRounded } from "./decimal";
import { monthsOn, type ChainHistory, type UsageMonth } from "./history";
import type { MonthOrdinal } from "./months";

export interface Totals {
  usage: bigint;
  txCount: number;
  /** Usage ÷ transactions in base units (rounded half up); null without transactions. */
  averagePerTx: bigint | null;
}

export function totalsOf(months: readonly UsageMonth[]): Totals {
  const usage = months.reduce((sum, m) => sum + m.usage, 0n);
  const txCount = months.reduce((sum, m) => sum + m.txCount, 0);
  return { usage, txCount, averagePerTx: txCount > 0 ? divideRounded(usage, BigInt(txCount)) : null };
}

export type Change =
  /** Both months are zero. */
  | { kind: "none" }
  /** The earlier month is zero and the later is not: no percentage exists. */
  | { kind: "new" }
  | { kind: "up" | "down" | "flat"; percent: number };

/** The change from `previous` to `current` as a percentage with two decimals. */
export function changeOf(current: bigint, previous: bigint): Change {
  if (previous === 0n) return current === 0n ? { kind: "none" } : { kind: "new" };
  const diff = current - previous;
  // Basis points, rounded half away from zero, so the percentage is exact to two decimals.
  const scaled = diff * 10_000n;
  const magnitude = (scaled < 0n ? -scaled : scaled) * 2n + previous;
  const bp = magnitude / (previous * 2n);
  const percent = Number(scaled < 0n ? -bp : bp) / 100;
  return { kind: percent > 0 ? "up" : percent < 0 ? "down" : "flat", percent };
}

export interface MonthChange {
  month: MonthOrdinal;
  previous: MonthOrdinal;
  usage: Change;
  txCount: Change;
}

/**
 * The latest complete month (the one before `current`) against the month before it. The month in
 * progress is left out on purpose: early in a month it would always read as a fall. Null when
 * the chain lists nothing up to the latest complete month.
 */
export function lastMonthChange(history: ChainHistory, current: MonthOrdinal): MonthChange | null {
  const month = current - 1;
  if (!history.months.some((m) => m.month <= month)) return null;
  const [before, latest] = monthsOn(history, [month - 1, month]) as [UsageMonth, UsageMonth];
  return {
    month,
    previous: month - 1,
    usage: changeOf(latest.usage, before.usage),
    txCount: changeOf(BigInt(latest.txCount), BigInt(before.txCount)),
  };
}
