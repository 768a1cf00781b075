import "server-only";
import { hkdfSync, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { tables, type Db } from "@/server/db";
import { getEnv } from "@/server/env";
import { vaultGet, vaultPut, vaultPutIfAbsent } from "@/server/vault";
import { CHAIN_LOCK } from "./chain";
import { headMac } from "./head";

/**
 * The audit log's keys. They are data keys of the vault, wrapped under CONSOLE_VAULT_KEY (which
 * comes from the environment or a file beside the database, never from the database), so someone
 * who can write to the database cannot recompute a record's seal, the head's seal or a legacy
 * checkpoint's; and rotating the vault key re-wraps them without changing them, so the chain
 * verifies across a rotation.
 *
 * The first time, the record and checkpoint keys are derived from the vault key in use (HKDF), the
 * way consoles before the vault derived them, so a chain started then keeps verifying. Consoles
 * before the head seal stored those two only; the first load after an upgrade adds the head key and
 * the chain id, and seals the head as found.
 */
export interface AuditKeys {
  /** Seals each record together with the previous record's seal (HMAC-SHA-256). */
  chain: Buffer;
  /** Checks checkpoints of the first format (HMAC); new checkpoints are signed with Ed25519. */
  checkpoint: Buffer;
  /** Seals the head row (last sequence, last seal, count), so a cut-off tail cannot be hidden by rewriting it. */
  head: Buffer;
  /** Names this chain in its checkpoint files (random, not secret): the directory may hold other chains'. */
  chainId: string;
}

const SALT = "custodian-console/audit/v1";
const ADDRESS = { purpose: "audit-keys", subject: "console" };
const KEY_BYTES = 32;
const CHAIN_ID_BYTES = 16;
// Stored as chain | checkpoint | head | chain id; a record of the first layout holds the first two only.
const COMPLETE_BYTES = 3 * KEY_BYTES + CHAIN_ID_BYTES;

/** The keys a new chain starts with (the first two as consoles before the vault derived them). */
export function newAuditKeys(vaultKeyBase64: string): AuditKeys {
  const ikm = Buffer.from(vaultKeyBase64, "base64");
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", ikm, SALT, info, KEY_BYTES));
  return {
    chain: derive("audit-chain-hmac"),
    checkpoint: derive("audit-checkpoint-hmac"),
    head: randomBytes(KEY_BYTES),
    chainId: randomBytes(CHAIN_ID_BYTES).toString("hex"),
  };
}

const encode = (k: AuditKeys) => Buffer.concat([k.chain, k.checkpoint, k.head, Buffer.from(k.chainId, "hex")]);
const decode = (b: Buffer): AuditKeys => ({
  chain: b.subarray(0, KEY_BYTES),
  checkpoint: b.subarray(KEY_BYTES, 2 * KEY_BYTES),
  head: b.subarray(2 * KEY_BYTES, 3 * KEY_BYTES),
  chainId: b.subarray(3 * KEY_BYTES, COMPLETE_BYTES).toString("hex"),
});
const isComplete = (b: Buffer) => b.length >= COMPLETE_BYTES;

/**
 * A record from before the head seal holds two keys: add the third and seal the head row as it is
 * now, under the chain's lock so no append interleaves. Whatever happened to the log before the
 * upgrade was as visible (or not) as it was then; from here on the head cannot be rewritten unseen.
 */
async function upgrade(db: Db): Promise<Buffer> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
    const stored = await vaultGet(tx as unknown as Db, ADDRESS);
    if (!stored) throw new Error("the audit keys vanished from the vault during their upgrade");
    if (isComplete(stored)) return stored;
    const keys: AuditKeys = {
      chain: stored.subarray(0, KEY_BYTES),
      checkpoint: stored.subarray(KEY_BYTES, 2 * KEY_BYTES),
      head: randomBytes(KEY_BYTES),
      chainId: randomBytes(CHAIN_ID_BYTES).toString("hex"),
    };
    const [head] = await tx.select().from(tables.auditHead).limit(1);
    if (head) await tx.update(tables.auditHead).set({ mac: headMac(keys.head, head) });
    await vaultPut(tx as unknown as Db, ADDRESS, encode(keys));
    return encode(keys);
  });
}

async function load(db: Db, create: boolean): Promise<AuditKeys | undefined> {
  let stored = await vaultGet(db, ADDRESS);
  if (!stored) {
    if (!create) return undefined;
    // Two instances starting together: whichever insert wins, both read it back.
    await vaultPutIfAbsent(db, ADDRESS, encode(newAuditKeys(getEnv().CONSOLE_VAULT_KEY)));
    stored = await vaultGet(db, ADDRESS);
    if (!stored) throw new Error("the audit keys could not be stored in the vault");
  }
  return decode(isComplete(stored) ? stored : await upgrade(db));
}

// Per database handle (tests open several); the keys never change once stored.
let cache = new WeakMap<Db, Promise<AuditKeys>>();

/** For tests: read the keys from the vault again (as a restarted console would). */
export function forgetAuditKeysForTests() {
  cache = new WeakMap();
}

/** The keys, created on first use: only an append may start a chain. */
export function auditKeys(db: Db): Promise<AuditKeys> {
  let keys = cache.get(db);
  if (!keys) {
    keys = load(db, true) as Promise<AuditKeys>;
    // A failure (database down) is not cached: the next call tries again.
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
}

/**
 * The keys if the chain was ever started, without creating them: Verify must not start a chain, and
 * keys that exist beside an empty log mean the log was emptied.
 */
export async function storedAuditKeys(db: Db): Promise<AuditKeys | undefined> {
  const cached = cache.get(db);
  if (cached) return cached;
  const keys = await load(db, false);
  if (keys) cache.set(db, Promise.resolve(keys));
  return keys;
}
