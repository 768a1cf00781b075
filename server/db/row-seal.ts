import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/server/env";

/**
 * Seals for rows the console keeps as a cache of what it was told (the chain's answers): HMAC-SHA-256
 * under a key derived from AUTH_SECRET for one purpose, over the row's fields in order. A database writer
 * without AUTH_SECRET who rewrites such a row leaves a seal that does not hold; the reader drops the row
 * and asks again instead of trusting it. A rotated AUTH_SECRET only makes every row be asked again.
 */
const keys = new Map<string, { secret: string; key: Buffer }>();

function keyFor(purpose: string): Buffer {
  const secret = getEnv().AUTH_SECRET;
  let keyed = keys.get(purpose);
  if (keyed?.secret !== secret) {
    keyed = { secret, key: Buffer.from(hkdfSync("sha256", secret, "custodian-console", purpose, 32)) };
    keys.set(purpose, keyed);
  }
  return keyed.key;
}

/** The seal of these fields for `purpose` ("watchdog-check/v1"…), hex. */
export function rowSeal(purpose: string, fields: readonly (string | number)[]): string {
  return createHmac("sha256", keyFor(purpose))
    .update([`custodian-console/${purpose}`, ...fields].join("\n"))
    .digest("hex");
}

/** Whether a stored seal is the expected one (constant time; a missing or malformed seal does not hold). */
export function sealHolds(expected: string, found: string | null | undefined): boolean {
  if (!found || !/^[0-9a-f]{64}$/.test(found)) return false;
  return timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(found, "hex"));
}
