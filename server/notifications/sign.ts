import "server-only";
import { createHmac } from "node:crypto";

const TIMESTAMP_HEADER = "x-console-timestamp";
const SIGNATURE_HEADER = "x-console-signature";

/**
 * The headers that let a receiver check a plain body: the time of sending (Unix seconds) and
 * `v1=<hex HMAC-SHA-256 under the signing secret of "<timestamp>.<body>">`. The timestamp is inside
 * what is signed, so a receiver that refuses old timestamps refuses a replayed message (docs/security.md).
 */
export function signatureHeaders(secret: string, body: string, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: `v1=${mac}` };
}
