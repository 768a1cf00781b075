import "server-only";
import { hkdfSync, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { tables, type Db } from "@/server/db";
import { getEnv } from "@/server/env";
import { vaultGet, vaultPut, vaultPutIfAbsent, vaultSubjects } from "@/server/vault";
import { CHAIN_LOCK } from "./chain";
import { headMac } from "./head";

/**
 * The audit log's keys. They are data keys of the vault, wrapped under CONSOLE_VAULT_KEY (which
 * comes from the environment or a file beside the database, never from the database), so someone
 * who can write to the database cannot recompute a record's seal, the head's seal or a legacy
 * checkpoint's.
 *
 * The keys that seal records and the head come in epochs. The first epoch's were derived from the
 * vault key in use when the chain started (HKDF, the way consoles before the vault derived them, so
 * a chain started then keeps verifying); each `npm run vault:rotate` starts the next epoch with
 * fresh random keys (server/audit/rotation.ts), recorded in the chain itself, so a vault key that
 * was exposed before a rotation opens nothing that seals a record written after it.
 */
export interface EpochKeys {
  epoch: number;
  /** Seals each record together with the previous record's seal and its position (HMAC-SHA-256). */
  chain: Buffer;
  /** Seals the head row (last sequence, last seal, count, epoch), so a cut-off tail cannot be hidden. */
  head: Buffer;
}

export interface AuditKeys {
  /** Names this chain in its checkpoint files (random, not secret): the directory may hold other chains'. */
  chainId: string;
  /** Checks checkpoints of the first format (HMAC); new checkpoints are signed with Ed25519. */
  checkpoint: Buffer;
  /** Every epoch's keys, the first included. */
  epochs: ReadonlyMap<number, EpochKeys>;
  /** The newest epoch: it seals whatever is appended now. */
  current: EpochKeys;
}

const PURPOSE = "audit-keys";
const FIRST = { purpose: PURPOSE, subject: "console" };
const EPOCH_SUBJECT = /^console\/epoch\/(\d+)$/;
export const epochAddress = (epoch: number) => ({ purpose: PURPOSE, subject: `console/epoch/${epoch}` });
const SALT = "custodian-console/audit/v1";
const KEY_BYTES = 32;
const CHAIN_ID_BYTES = 16;
// The first epoch's record: chain | checkpoint | head | chain id; one of the first layout holds the first two only.
const COMPLETE_BYTES = 3 * KEY_BYTES + CHAIN_ID_BYTES;

/** The keys a new chain starts with (the first two as consoles before the vault derived them). */
function firstKeys(vaultKeyBase64: string): Buffer {
  const ikm = Buffer.from(vaultKeyBase64, "base64");
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", ikm, SALT, info, KEY_BYTES));
  return Buffer.concat([
    derive("audit-chain-hmac"),
    derive("audit-checkpoint-hmac"),
    randomBytes(KEY_BYTES),
    randomBytes(CHAIN_ID_BYTES),
  ]);
}

/** A later epoch's record: its chain key and head key, both random. */
export const newEpochKeys = () => randomBytes(2 * KEY_BYTES);

const isComplete = (b: Buffer) => b.length >= COMPLETE_BYTES;

/**
 * A record from before the head seal holds two keys: add the third and seal the head row as it is
 * now, under the chain's lock so no append interleaves. Whatever happened to the log before the
 * upgrade was as visible (or not) as it was then; from here on the head cannot be rewritten unseen.
 */
async function upgrade(db: Db): Promise<Buffer> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
    const stored = await vaultGet(tx as unknown as Db, FIRST);
    if (!stored) throw new Error("the audit keys vanished from the vault during their upgrade");
    if (isComplete(stored)) return stored;
    const complete = Buffer.concat([stored.subarray(0, 2 * KEY_BYTES), randomBytes(KEY_BYTES + CHAIN_ID_BYTES)]);
    const [head] = await tx.select().from(tables.auditHead).limit(1);
    if (head && head.keyEpoch === null)
      await tx.update(tables.auditHead).set({ mac: headMac(complete.subarray(2 * KEY_BYTES, 3 * KEY_BYTES), head) });
    await vaultPut(tx as unknown as Db, FIRST, complete);
    return complete;
  });
}

async function load(db: Db): Promise<AuditKeys | undefined> {
  let first = await vaultGet(db, FIRST);
  if (!first) return undefined;
  if (!isComplete(first)) first = await upgrade(db);
  const firstEpoch: EpochKeys = {
    epoch: 1,
    chain: first.subarray(0, KEY_BYTES),
    head: first.subarray(2 * KEY_BYTES, 3 * KEY_BYTES),
  };
  const epochs = new Map<number, EpochKeys>([[1, firstEpoch]]);
  let current = firstEpoch;
  for (const subject of await vaultSubjects(db, PURPOSE)) {
    const epoch = Number(EPOCH_SUBJECT.exec(subject)?.[1] ?? NaN);
    if (!Number.isSafeInteger(epoch) || epoch < 2) continue;
    const stored = await vaultGet(db, epochAddress(epoch));
    if (!stored || stored.length < 2 * KEY_BYTES) continue;
    const keys = { epoch, chain: stored.subarray(0, KEY_BYTES), head: stored.subarray(KEY_BYTES, 2 * KEY_BYTES) };
    epochs.set(epoch, keys);
    if (epoch > current.epoch) current = keys;
  }
  return {
    chainId: first.subarray(3 * KEY_BYTES, COMPLETE_BYTES).toString("hex"),
    checkpoint: first.subarray(KEY_BYTES, 2 * KEY_BYTES),
    epochs,
    current,
  };
}

// Per database handle (tests open several). Dropped when a rotation adds an epoch.
let cache = new WeakMap<Db, Promise<AuditKeys | undefined>>();

/** For tests: read the keys from the vault again (as a restarted console would). */
export function forgetAuditKeysForTests() {
  cache = new WeakMap();
}

/**
 * The keys if the chain was ever started, without creating them: Verify must not start a chain, and
 * keys that exist beside an empty log mean the log was emptied. `fresh` reads the vault again (an
 * append found the head sealed under an epoch newer than the one it knew: another instance rotated).
 */
export function storedAuditKeys(db: Db, options: { fresh?: boolean } = {}): Promise<AuditKeys | undefined> {
  let keys = options.fresh ? undefined : cache.get(db);
  if (!keys) {
    keys = load(db);
    // A failure (database down) or an absence is not kept: the next call looks again.
    keys.then((k) => k ?? cache.delete(db)).catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
}

/**
 * Stores the first epoch's keys of a new chain (two instances starting together: whichever insert
 * wins, both read it back). Only the start of a chain calls it, after making sure no other chain's
 * evidence says this one was wiped (server/audit/chain-start.ts).
 */
export async function createAuditKeys(db: Db): Promise<AuditKeys> {
  await vaultPutIfAbsent(db, FIRST, firstKeys(getEnv().CONSOLE_VAULT_KEY));
  const keys = await storedAuditKeys(db, { fresh: true });
  if (!keys) throw new Error("the audit keys could not be stored in the vault");
  return keys;
}
