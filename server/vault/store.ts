import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import { tables, type Db } from "@/server/db";
import { open, recordAad, rewrap, seal } from "./envelope";
import { keyOf, keyring } from "./keyring";

/**
 * The vault's records: put, get and delete a secret by purpose and subject, and re-wrap everything
 * under the current key. Values are bytes; callers encode their own JSON. Nothing here logs a value.
 */
export interface VaultAddress {
  purpose: string;
  subject: string;
}

/** Stores (or replaces) the secret at an address. */
export async function vaultPut(db: Db, at: VaultAddress, value: Buffer | string): Promise<void> {
  const plaintext = typeof value === "string" ? Buffer.from(value, "utf8") : value;
  const sealed = seal(keyring().current.key, plaintext, recordAad(at.purpose, at.subject));
  await db
    .insert(tables.vaultRecords)
    .values({ ...at, ...sealed })
    .onConflictDoUpdate({
      target: [tables.vaultRecords.purpose, tables.vaultRecords.subject],
      set: { ...sealed, updatedAt: sql`now()` },
    });
}

/** Stores the secret only if the address is empty; returns whether it was stored. */
export async function vaultPutIfAbsent(db: Db, at: VaultAddress, value: Buffer | string): Promise<boolean> {
  const plaintext = typeof value === "string" ? Buffer.from(value, "utf8") : value;
  const sealed = seal(keyring().current.key, plaintext, recordAad(at.purpose, at.subject));
  const rows = await db
    .insert(tables.vaultRecords)
    .values({ ...at, ...sealed })
    .onConflictDoNothing()
    .returning({ id: tables.vaultRecords.id });
  return rows.length > 0;
}

export async function vaultGet(db: Db, at: VaultAddress): Promise<Buffer | undefined> {
  const [row] = await db
    .select()
    .from(tables.vaultRecords)
    .where(and(eq(tables.vaultRecords.purpose, at.purpose), eq(tables.vaultRecords.subject, at.subject)))
    .limit(1);
  if (!row) return undefined;
  return open(keyOf(keyring(), row.kekId), row, recordAad(row.purpose, row.subject));
}

export async function vaultGetText(db: Db, at: VaultAddress): Promise<string | undefined> {
  return (await vaultGet(db, at))?.toString("utf8");
}

export async function vaultDelete(db: Db, at: VaultAddress): Promise<void> {
  await db
    .delete(tables.vaultRecords)
    .where(and(eq(tables.vaultRecords.purpose, at.purpose), eq(tables.vaultRecords.subject, at.subject)));
}

export interface RotationReport {
  /** The key everything is wrapped under now. */
  kekId: string;
  rewrapped: number;
  alreadyCurrent: number;
}

/**
 * Re-wraps every record not wrapped by CONSOLE_VAULT_KEY (the old key must be among
 * CONSOLE_VAULT_PREVIOUS_KEYS). Each record is re-wrapped in its own short transaction, guarded by
 * its old wrapping, so a rotation can run beside a live console and be run again after a stop.
 */
export async function rotateVault(db: Db, batchSize = 200): Promise<RotationReport> {
  const ring = keyring();
  let rewrapped = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(tables.vaultRecords)
      .where(ne(tables.vaultRecords.kekId, ring.current.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    for (const row of batch) {
      const next = rewrap(keyOf(ring, row.kekId), ring.current.key, row, recordAad(row.purpose, row.subject));
      const updated = await db
        .update(tables.vaultRecords)
        .set({ ...next, updatedAt: sql`now()` })
        .where(and(eq(tables.vaultRecords.id, row.id), eq(tables.vaultRecords.wrappedKey, row.wrappedKey)))
        .returning({ id: tables.vaultRecords.id });
      rewrapped += updated.length;
    }
  }
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(tables.vaultRecords);
  return { kekId: ring.current.id, rewrapped, alreadyCurrent: (count?.n ?? 0) - rewrapped };
}

/** Every record stored under a purpose, opened, in one read (by subject). */
export async function vaultAll(db: Db, purpose: string): Promise<{ subject: string; value: Buffer }[]> {
  const rows = await db.select().from(tables.vaultRecords).where(eq(tables.vaultRecords.purpose, purpose));
  return rows
    .map((row) => ({
      subject: row.subject,
      value: open(keyOf(keyring(), row.kekId), row, recordAad(row.purpose, row.subject)),
    }))
    .sort((a, b) => (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0));
}

/** The subjects stored under a purpose (no value is opened). */
export async function vaultSubjects(db: Db, purpose: string): Promise<string[]> {
  const rows = await db
    .select({ subject: tables.vaultRecords.subject })
    .from(tables.vaultRecords)
    .where(eq(tables.vaultRecords.purpose, purpose));
  return rows.map((r) => r.subject).sort();
}
