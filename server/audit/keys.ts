import "server-only";
import { hkdfSync } from "node:crypto";
import type { Db } from "@/server/db";
import { getEnv } from "@/server/env";
import { vaultGet, vaultPutIfAbsent } from "@/server/vault";

/**
 * The audit log's keys. They are data keys of the vault, wrapped under CONSOLE_VAULT_KEY (which
 * comes from the environment or a file beside the database, never from the database), so someone
 * who can write to the database cannot recompute a record's seal or a checkpoint's; and rotating
 * the vault key re-wraps them without changing them, so the chain verifies across a rotation.
 *
 * The first time, the keys are derived from the vault key in use (HKDF), the way consoles before
 * the vault derived them, so a chain started then keeps verifying.
 */
export interface AuditKeys {
  /** Seals each record together with the previous record's seal (HMAC-SHA-256). */
  chain: Buffer;
  /** Signs checkpoints downloaded from /audit. */
  checkpoint: Buffer;
}

const SALT = "custodian-console/audit/v1";
const ADDRESS = { purpose: "audit-keys", subject: "console" };

export function deriveAuditKeys(vaultKeyBase64: string): AuditKeys {
  const ikm = Buffer.from(vaultKeyBase64, "base64");
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", ikm, SALT, info, 32));
  return { chain: derive("audit-chain-hmac"), checkpoint: derive("audit-checkpoint-hmac") };
}

const encode = (k: AuditKeys) => Buffer.concat([k.chain, k.checkpoint]);
const decode = (b: Buffer): AuditKeys => ({ chain: b.subarray(0, 32), checkpoint: b.subarray(32, 64) });

// Per database handle (tests open several); the keys never change once stored.
let cache = new WeakMap<Db, Promise<AuditKeys>>();

/** For tests: read the keys from the vault again (as a restarted console would). */
export function forgetAuditKeysForTests() {
  cache = new WeakMap();
}

async function load(db: Db): Promise<AuditKeys> {
  const stored = await vaultGet(db, ADDRESS);
  if (stored) return decode(stored);
  // Two instances starting together derive the same keys; whichever insert wins, both read it back.
  await vaultPutIfAbsent(db, ADDRESS, encode(deriveAuditKeys(getEnv().CONSOLE_VAULT_KEY)));
  const now = await vaultGet(db, ADDRESS);
  if (!now) throw new Error("the audit keys could not be stored in the vault");
  return decode(now);
}

export function auditKeys(db: Db): Promise<AuditKeys> {
  let keys = cache.get(db);
  if (!keys) {
    keys = load(db);
    // A failure (database down) is not cached: the next call tries again.
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
}
