import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AuditKeys } from "./keys";

/**
 * What the head row says of the chain: its last record, that record's seal, how many records there
 * are, and the key epoch sealing it (null for a head of the first format).
 */
export interface HeadState {
  lastSeq: number;
  lastHash: string;
  count: number;
  keyEpoch: number | null;
}

/**
 * The head's own seal (HMAC-SHA-256 under the head key of its epoch). Without it, someone who
 * deletes the newest records could rewrite the head to match what is left, and the chain would
 * verify. The epoch is sealed too: a head kept from before a rotation is sealed under a retired
 * epoch and is refused, whatever else it says.
 */
export function headMac(key: Buffer, head: HeadState): string {
  const text =
    head.keyEpoch === null
      ? `custodian-console/audit-head/v1\n${head.lastSeq}\n${head.lastHash}\n${head.count}`
      : `custodian-console/audit-head/v2\n${head.lastSeq}\n${head.lastHash}\n${head.count}\n${head.keyEpoch}`;
  return createHmac("sha256", key).update(text).digest("hex");
}

export type HeadCheck = { ok: true } | { ok: false; why: string };

/** Whether the head's seal verifies under the key of the epoch it names, and that epoch is the current one. */
export function checkHead(keys: AuditKeys, head: HeadState & { mac: string | null }): HeadCheck {
  const epoch = keys.epochs.get(head.keyEpoch ?? 1);
  if (!epoch || !head.mac || !/^[0-9a-f]{64}$/.test(head.mac))
    return { ok: false, why: "its seal does not verify: it was rewritten outside the console" };
  const expected = Buffer.from(headMac(epoch.head, head), "hex");
  if (!timingSafeEqual(expected, Buffer.from(head.mac, "hex")))
    return { ok: false, why: "its seal does not verify: it was rewritten outside the console" };
  if ((head.keyEpoch ?? 1) !== keys.current.epoch)
    return {
      ok: false,
      why: `it is sealed under key epoch ${head.keyEpoch ?? 1}, retired when epoch ${keys.current.epoch} began: it was put back from an older copy`,
    };
  return { ok: true };
}
