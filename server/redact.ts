import "server-only";

/**
 * Secrets by field name. Anything stored (audit input) or logged passes through here, so a key, token,
 * OTP, share or password can never be written out in plain text, whatever the caller forgot.
 */
const SECRET_KEY = /pass(word)?|secret|token|api[-_]?key|^otp$|share|authorization|cookie|^key$|privatekey|mnemonic/i;

export const REDACTED = "[redacted]";

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return "[truncated]";
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  if (value && typeof value === "object") {
    if (value instanceof Date) return value.toISOString();
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) ? REDACTED : redactSecrets(v, depth + 1);
    return out;
  }
  if (typeof value === "bigint") return value.toString();
  return value;
}
