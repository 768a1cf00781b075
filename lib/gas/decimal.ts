/**
 * Exact decimal amounts. The upstream sends gas usage as decimal strings in the chain's native
 * unit ("0.000042000000000001"); sums, averages and changes are done on integers of the smallest
 * unit (bigint), never on floats, so 18-decimal values add up to the digit. Only estimates and
 * chart heights use floating point.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export function isDecimal(value: string): boolean {
  return DECIMAL.test(value);
}

/** Digits after the point ("0.0250" → 4). */
export function fractionDigits(value: string): number {
  return DECIMAL.exec(value)?.[2]?.length ?? 0;
}

/**
 * "1.5" at scale 18 → 1500000000000000000n. Strict where viem's parseUnits rounds: a value with
 * more digits than the scale, or one that is not a plain non-negative decimal, throws.
 */
export function toBaseUnits(value: string, scale: number): bigint {
  const match = DECIMAL.exec(value);
  if (!match) throw new Error(`“${value.slice(0, 40)}” is not a decimal number`);
  const whole = match[1] as string;
  const fraction = match[2] ?? "";
  if (fraction.length > scale) throw new Error(`“${value.slice(0, 40)}” has more than ${scale} decimals`);
  return BigInt(whole + fraction.padEnd(scale, "0"));
}

/** 1500000000000000000n at scale 18 → "1.5": the shortest exact decimal, no trailing zeros. */
export function fromBaseUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** a ÷ b in base units, rounded half up (b > 0). */
export function divideRounded(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (b * 2n);
}

/** Thousands separators in the whole part of a decimal string, for display ("1234.5" → "1,234.5"). */
export function groupDigits(value: string): string {
  const [whole = "", fraction] = value.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * A positive amount rounded to a number of significant digits, as a decimal string, for figures
 * where the exact value would be noise (an average of 0.000021333333333333 → "0.0000213333").
 */
export function significant(units: bigint, scale: number, digits: number): string {
  if (units <= 0n) return fromBaseUnits(units, scale);
  const length = units.toString().length;
  const drop = Math.max(0, length - digits);
  const factor = 10n ** BigInt(drop);
  const rounded = divideRounded(units, factor) * factor;
  return fromBaseUnits(rounded, scale);
}
