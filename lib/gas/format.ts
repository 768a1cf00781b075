/** How the gas page writes its figures: exact amounts grouped, estimates rounded and marked. */
import { groupDigits } from "./decimal";
import type { Change } from "./totals";

/** An exact decimal with its unit: "1,234.000042 ETH". */
export function formatAmount(exact: string, unit: string): string {
  return `${groupDigits(exact)} ${unit}`;
}

const estimateFormat = new Intl.NumberFormat("en", { maximumSignificantDigits: 4 });
const countFormat = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat("en", { maximumFractionDigits: 1, signDisplay: "exceptZero" });
const shareFormat = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 0 });

/** An amount to four significant digits: "0.01234 ETH". */
export function formatRounded(value: number, unit: string): string {
  return `${estimateFormat.format(value)} ${unit}`;
}

/** An estimated amount, marked as such: "≈ 0.01234 ETH". */
export function formatEstimate(value: number, unit: string): string {
  return `≈ ${formatRounded(value, unit)}`;
}

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** A change in percent, signed: "+12.5%", "-3%". */
export function formatPercent(percent: number): string {
  return `${percentFormat.format(percent)}%`;
}

/** A share of a whole (0–1), unsigned: 0.74 → "74%". */
export function formatShare(share: number): string {
  return shareFormat.format(share);
}

/** "+12.5%", "−3%", "0%", or words where a percentage does not exist. */
export function formatChange(change: Change): string {
  if (change.kind === "none") return "no activity in either month";
  if (change.kind === "new") return "new (nothing the month before)";
  return formatPercent(change.percent);
}
