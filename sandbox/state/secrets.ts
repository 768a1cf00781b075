/**
 * Opaque credentials. Only their SHA-256 is kept (in memory and on disk), so a dump of the state
 * file leaks no usable client API key, session token or OTP.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const newSecret = (bytes = 32) => randomBytes(bytes).toString("base64url");

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Constant-time comparison of two secrets of any length (compares their digests). */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}
