import "server-only";

/**
 * PostgreSQL (and PGlite) refuse NUL in text and in jsonb, and JSON text with a lone surrogate.
 * Anything headed for the audit log passes through here first, so an odd byte in a reason or a
 * forged header can never make the record unwritable. NUL is kept visible as the six characters
 * `\u0000`; a lone surrogate becomes U+FFFD, as `String.prototype.toWellFormed` does.
 */
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storableText(value: string): string {
  return value.replace(NUL, "\\u0000").replace(LONE_SURROGATE, "\uFFFD");
}

export function storableNullableText(value: string | null | undefined): string | null {
  return value === null || value === undefined ? null : storableText(value);
}

const MAX_DEPTH = 12;

/** A JSON-safe copy: strings and keys made storable, non-JSON values (functions, bigints) turned to text. */
export function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return storableText(value);
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value === "boolean") return value;
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return undefined;
  if (depth > MAX_DEPTH) return "[…]";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map((v) => storableJson(v, depth + 1) ?? null);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const stored = storableJson(v, depth + 1);
    if (stored !== undefined) out[storableText(k)] = stored;
  }
  return out;
}
