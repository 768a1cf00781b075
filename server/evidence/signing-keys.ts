import "server-only";
import { createPrivateKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { keyIdOf, type PublishedKey } from "@/lib/evidence/signature";
import type { Db } from "@/server/db";
import { keptRead } from "@/server/db/kept-reads";
import { vaultAll, vaultGetText, vaultPut } from "@/server/vault";

/**
 * The console's Ed25519 evidence-signing keys. Each lives in the vault (so it is wrapped under
 * CONSOLE_VAULT_KEY and bound to its key id: a row copied or inserted by someone without the vault
 * key does not open), one record per key plus a record naming the current one. A retired key keeps
 * only its public half, so what it signed stays verifiable and it can sign nothing more. The public
 * keys are derived from the vault, never read from a plain table someone could rewrite.
 */
const PURPOSE = "evidence-signing-key";
const CURRENT = { purpose: PURPOSE, subject: "current" };
// Serializes key creation and rotation across console instances.
const KEY_LOCK = 7_245_017;

const storedKeySchema = z.object({
  publicKey: z.string().regex(/^[0-9a-f]{64}$/),
  /** The 32-byte private seed, base64url (JWK `d`); absent once the key is retired. */
  seed: z.string().optional(),
  createdAt: z.iso.datetime(),
  retiredAt: z.iso.datetime().nullable(),
  /** Once retired: the statement its successor signed of what it had signed (server/evidence/rotate.ts). */
  retirement: z.unknown().optional(),
});
type StoredKey = z.infer<typeof storedKeySchema>;

export interface SigningKey {
  keyId: string;
  publicKey: string;
  privateKey: KeyObject;
}

const hexOfBase64url = (value: string) => Buffer.from(value, "base64url").toString("hex");

function newKey(now: Date): { keyId: string; stored: StoredKey } {
  const { privateKey } = generateKeyPairSync("ed25519");
  const jwk = privateKey.export({ format: "jwk" });
  if (!jwk.d || !jwk.x) throw new Error("the runtime did not export an Ed25519 key");
  const publicKey = hexOfBase64url(jwk.x);
  return {
    keyId: keyIdOf(publicKey),
    stored: { publicKey, seed: jwk.d, createdAt: now.toISOString(), retiredAt: null },
  };
}

async function readKey(db: Db, keyId: string): Promise<StoredKey | undefined> {
  const text = await vaultGetText(db, { purpose: PURPOSE, subject: keyId });
  return text === undefined ? undefined : parseKey(keyId, text);
}

function parseKey(keyId: string, text: string): StoredKey {
  const parsed = storedKeySchema.parse(JSON.parse(text));
  if (keyIdOf(parsed.publicKey) !== keyId)
    throw new Error(`the vault record of signing key ${keyId} names another key`);
  return parsed;
}

function toSigningKey(keyId: string, stored: StoredKey): SigningKey {
  if (!stored.seed) throw new Error(`signing key ${keyId} is retired and cannot sign`);
  const x = Buffer.from(stored.publicKey, "hex").toString("base64url");
  const privateKey = createPrivateKey({ key: { kty: "OKP", crv: "Ed25519", d: stored.seed, x }, format: "jwk" });
  return { keyId, publicKey: stored.publicKey, privateKey };
}

async function locked<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
    return work(tx as unknown as Db);
  });
}

async function currentKeyId(db: Db): Promise<string | undefined> {
  return vaultGetText(db, CURRENT);
}

/** Creates the first key when there is none; every instance then reads the same one. */
async function loadCurrent(db: Db): Promise<SigningKey> {
  const existing = await currentKeyId(db);
  if (existing) {
    const stored = await readKey(db, existing);
    if (stored) return toSigningKey(existing, stored);
  }
  return locked(db, async (tx) => {
    const id = await currentKeyId(tx);
    const stored = id ? await readKey(tx, id) : undefined;
    if (id && stored) return toSigningKey(id, stored);
    const created = newKey(new Date());
    await vaultPut(tx, { purpose: PURPOSE, subject: created.keyId }, JSON.stringify(created.stored));
    await vaultPut(tx, CURRENT, created.keyId);
    return toSigningKey(created.keyId, created.stored);
  });
}

// Per database handle (tests open several); dropped on rotation.
let cache = new WeakMap<Db, Promise<SigningKey>>();

function cachedCurrent(db: Db): Promise<SigningKey> {
  let key = cache.get(db);
  if (!key) {
    key = loadCurrent(db);
    key.catch(() => cache.delete(db));
    cache.set(db, key);
  }
  return key;
}

/**
 * The key that signs now. Each call asks the vault which key is current (one small read; documents
 * are signed seldom): another instance may have retired the one this process holds, and a retired
 * key must sign nothing more, or its successor's statement would not list what it signed.
 */
export async function currentSigningKey(db: Db): Promise<SigningKey> {
  const key = await cachedCurrent(db);
  if ((await currentKeyId(db)) === key.keyId) return key;
  cache.delete(db);
  return cachedCurrent(db);
}

/** For tests: read the keys from the vault again, as another instance or a restart would. */
export function forgetSigningKeysForTests() {
  cache = new WeakMap();
}

/**
 * Retires the current key (its private half is deleted; its public half stays listed) and makes a
 * new one current. `npm run vault:rotate` calls it: a key wrapped under a vault key that is being
 * replaced may have been exposed with it.
 */
export async function rotateSigningKey(
  db: Db,
  now = new Date(),
): Promise<
  | { retired: Omit<PublishedKey, "retiredAt"> & { retiredAt: string }; current: string }
  | { retired: null; current: string }
> {
  const result = await locked(db, async (tx) => {
    const id = await currentKeyId(tx);
    const stored = id ? await readKey(tx, id) : undefined;
    const retiredAt = now.toISOString();
    if (id && stored) {
      const { seed: _dropped, ...publicHalf } = stored;
      await vaultPut(tx, { purpose: PURPOSE, subject: id }, JSON.stringify({ ...publicHalf, retiredAt }));
    }
    const created = newKey(now);
    await vaultPut(tx, { purpose: PURPOSE, subject: created.keyId }, JSON.stringify(created.stored));
    await vaultPut(tx, CURRENT, created.keyId);
    return id && stored
      ? {
          retired: { keyId: id, publicKey: stored.publicKey, createdAt: stored.createdAt, retiredAt },
          current: created.keyId,
        }
      : { retired: null, current: created.keyId };
  });
  cache = new WeakMap();
  return result;
}

/** Keeps the successor's statement beside a retired key (it is published with the key). */
export async function attachRetirement(db: Db, keyId: string, statement: unknown): Promise<void> {
  await locked(db, async (tx) => {
    const stored = await readKey(tx, keyId);
    if (!stored?.retiredAt) throw new Error(`signing key ${keyId} is not retired`);
    await vaultPut(tx, { purpose: PURPOSE, subject: keyId }, JSON.stringify({ ...stored, retirement: statement }));
  });
}

/**
 * Every key this console has signed with, current first, then retired ones newest first: one read of the
 * vault (every view of the audit log and of Verify asks), the first key made if there is none yet.
 */
export async function publishedKeys(db: Db): Promise<PublishedKey[]> {
  let records = await vaultAll(db, PURPOSE);
  if (!records.some((r) => r.subject === CURRENT.subject)) {
    await currentSigningKey(db);
    records = await vaultAll(db, PURPOSE);
  }
  const current = records.find((r) => r.subject === CURRENT.subject)?.value.toString("utf8");
  const keys: PublishedKey[] = [];
  for (const { subject, value } of records) {
    if (subject === CURRENT.subject) continue;
    const stored = parseKey(subject, value.toString("utf8"));
    keys.push({
      keyId: subject,
      publicKey: stored.publicKey,
      createdAt: stored.createdAt,
      retiredAt: subject === current ? null : (stored.retiredAt ?? stored.createdAt),
      ...(subject !== current && stored.retirement !== undefined ? { retirement: stored.retirement } : {}),
    });
  }
  return keys.sort((a, b) =>
    a.retiredAt === null ? -1 : b.retiredAt === null ? 1 : b.createdAt.localeCompare(a.createdAt),
  );
}

/**
 * publishedKeys as the audit pages and the keys route serve them: kept between writes to the vault
 * (server/db/kept-reads.ts), so a view of the audit log does not open every signing key's record.
 */
export async function shownPublishedKeys(): Promise<PublishedKey[]> {
  return keptRead(["vault_records"], "published signing keys", async (db) => ({
    value: await publishedKeys(db),
  }));
}
