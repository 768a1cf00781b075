import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/** What the head row says of the chain: its last record, that record's seal, and how many records there are. */
export interface HeadState {
  lastSeq: number;
  lastHash: string;
  count: number;
}

/**
 * The head's own seal (HMAC-SHA-256 under the head key). Without it, someone who deletes the newest
 * records could rewrite the head to match what is left, and the chain would verify.
 */
export function headMac(key: Buffer, head: HeadState): string {
  return createHmac("sha256", key)
    .update(`custodian-console/audit-head/v1\n${head.lastSeq}\n${head.lastHash}\n${head.count}`)
    .digest("hex");
}

export function headIsAuthentic(key: Buffer, head: HeadState & { mac: string | null }): boolean {
  if (!head.mac || !/^[0-9a-f]{64}$/.test(head.mac)) return false;
  const expected = Buffer.from(headMac(key, head), "hex");
  return timingSafeEqual(expected, Buffer.from(head.mac, "hex"));
}
