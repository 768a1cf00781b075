/**
 * The months a view covers: the last 6, 12 or 24 months up to the current one, or all of them
 * (from the oldest month any shown chain lists). The current month is the UTC month of the view's
 * clock, or a later one if the upstream already lists it (a clock behind the upstream's).
 */
import type { ChainHistory } from "./history";
import { monthsBetween, utcMonthOf, type MonthOrdinal } from "./months";

export const GAS_RANGES = ["6", "12", "24", "all"] as const;
export type GasRange = (typeof GAS_RANGES)[number];
export const DEFAULT_GAS_RANGE: GasRange = "12";

/** The range in a sentence ("Sponsored, last 12 months"). */
export const RANGE_LABELS: Record<GasRange, string> = {
  "6": "Last 6 months",
  "12": "Last 12 months",
  "24": "Last 24 months",
  all: "All months",
};

/** The range picker's options: short, under the legend "Range". */
export const RANGE_OPTIONS: Record<GasRange, string> = {
  "6": "6 months",
  "12": "12 months",
  "24": "24 months",
  all: "All",
};

export function currentMonthOf(nowMs: number, histories: readonly ChainHistory[]): MonthOrdinal {
  const newest = histories.flatMap((h) => h.months.map((m) => m.month));
  return Math.max(utcMonthOf(nowMs), ...newest);
}

export function rangeAxis(range: GasRange, current: MonthOrdinal, histories: readonly ChainHistory[]): MonthOrdinal[] {
  if (range !== "all") return monthsBetween(current - Number(range) + 1, current);
  const oldest = histories.flatMap((h) => h.months.map((m) => m.month));
  return monthsBetween(Math.min(current, ...oldest), current);
}
