/**
 * Months as the gas-usage endpoint names them ("June", 2025) and as the console counts them: one
 * integer per month (year × 12 + month index), so consecutive months differ by one, ranges are
 * arithmetic and sorting is numeric. All months are UTC months, like the upstream's.
 */

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** year × 12 + (month − 1): January 2026 is 24312, February 2026 is 24313. */
export type MonthOrdinal = number;

/** 1–12 for an English month name (full or three-letter, any case), or undefined. */
export function monthNumber(name: string): number | undefined {
  const key = name.trim().toLowerCase();
  if (key.length < 3) return undefined;
  const index = MONTH_NAMES.findIndex((m) => m.toLowerCase() === key || m.slice(0, 3).toLowerCase() === key);
  return index === -1 ? undefined : index + 1;
}

export function monthOrdinal(year: number, month: number): MonthOrdinal {
  return year * 12 + (month - 1);
}

export function ordinalParts(ordinal: MonthOrdinal): { year: number; month: number } {
  return { year: Math.floor(ordinal / 12), month: (ordinal % 12) + 1 };
}

/** The UTC month an instant falls in. */
export function utcMonthOf(ms: number): MonthOrdinal {
  const d = new Date(ms);
  return monthOrdinal(d.getUTCFullYear(), d.getUTCMonth() + 1);
}

/** Milliseconds at the start of a UTC month. */
export function monthStartMs(ordinal: MonthOrdinal): number {
  const { year, month } = ordinalParts(ordinal);
  return Date.UTC(year, month - 1, 1);
}

/** How much of its UTC month has passed at an instant, from 0 (its first millisecond) towards 1. */
export function monthElapsed(ms: number): number {
  const current = utcMonthOf(ms);
  const start = monthStartMs(current);
  return (ms - start) / (monthStartMs(current + 1) - start);
}

/** "June 2026" */
export function monthLabel(ordinal: MonthOrdinal): string {
  const { year, month } = ordinalParts(ordinal);
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** "Jun 2026", for axis ticks. */
export function shortMonthLabel(ordinal: MonthOrdinal): string {
  const { year, month } = ordinalParts(ordinal);
  return `${MONTH_NAMES[month - 1]?.slice(0, 3)} ${year}`;
}

/** "2026-06": how a month travels in URLs and CSV files. */
export function isoMonth(ordinal: MonthOrdinal): string {
  const { year, month } = ordinalParts(ordinal);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
}

/** Every month from `first` to `last`, both included, oldest first. */
export function monthsBetween(first: MonthOrdinal, last: MonthOrdinal): MonthOrdinal[] {
  const out: MonthOrdinal[] = [];
  for (let m = first; m <= last; m++) out.push(m);
  return out;
}
