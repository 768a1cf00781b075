import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb, tables, type Db } from "@/server/db";
import { logger } from "@/server/log";
import { auditAppends, measure } from "@/server/ops/metrics";
import { redactSecrets } from "@/server/redact";
import { CHAIN_LOCK, GENESIS_HASH, recordHash, type HashedFields } from "./chain";
import { checkpointDue } from "./checkpoint-schedule";
import { assertGenesis, assertHeadCurrent, assertNoAlarm, keysForAppend, rememberHead } from "./guard";
import { headMac } from "./head";
import { storedAuditKeys, type AuditKeys } from "./keys";
import { storableJson, storableNullableText, storableText } from "./sanitize";

export interface Actor {
  id: string | null;
  email: string | null;
  role: string | null;
}

export interface AuditEntry {
  actor: Actor;
  action: string;
  target?: string | null;
  input?: unknown;
  outcome: "intent" | "ok" | "error";
  errorCode?: string | null;
  errorMessage?: string | null;
  requestId?: string | null;
  ip?: string | null;
  /** On an outcome record: the id of the intent record written before the act. */
  intentId?: string | null;
  /** The case the act was done for (lib/cases/case-ref.ts, already checked): sealed in the input as `case`. */
  caseRef?: string | null;
}

/** What a record keeps of an input at most; a larger one is summarised (size and digest). */
export const MAX_STORED_INPUT_CHARS = 4096;

/** Secrets redacted, bytes PostgreSQL refuses escaped, and the size bounded. */
export function storedInput(input: unknown): unknown {
  if (input === undefined) return null;
  const safe = storableJson(redactSecrets(input)) ?? null;
  const text = JSON.stringify(safe);
  if (text.length <= MAX_STORED_INPUT_CHARS) return safe;
  return {
    truncated: true,
    characters: text.length,
    sha256: createHash("sha256").update(text).digest("hex"),
    preview: storableText(text.slice(0, 512)),
  };
}

/**
 * The case beside what the input kept, outside its size bound (a large input is summarised, its case
 * is not): the filter and the bundle find a record by `input->>'case'`, sealed with the record.
 */
function withCase(stored: unknown, caseRef: string | null | undefined): unknown {
  if (!caseRef) return stored;
  const body = stored === null ? {} : typeof stored === "object" && !Array.isArray(stored) ? stored : { value: stored };
  return { ...body, case: storableText(caseRef.slice(0, 300)) };
}

/** Appends one sealed record; throws if it cannot be written (callers decide whether that stops the act). */
export async function appendAudit(entry: AuditEntry, db?: Db): Promise<{ id: string; hash: string }> {
  const written = await append(entry, db);
  if (!written) throw new Error("audit append wrote nothing");
  return written;
}

/**
 * Appends the record unless `existing` finds the one that already stands for it, looked for under
 * the lock that orders every append: two writers racing to record the same fact (a job's driver and
 * the instance that took its run over) write it once. Returns the id of the record that stands.
 */
export async function appendAuditUnlessRecorded(
  entry: AuditEntry,
  existing: (tx: Db) => Promise<string | undefined>,
  db?: Db,
): Promise<{ id: string; created: boolean }> {
  let found: string | undefined;
  const written = await append(entry, db, async (tx) => (found = await existing(tx)) !== undefined);
  if (written) return { id: written.id, created: true };
  if (found === undefined) throw new Error("audit append wrote nothing");
  return { id: found, created: false };
}

async function append(
  entry: AuditEntry,
  db?: Db,
  skip?: (tx: Db) => Promise<boolean>,
): Promise<{ id: string; hash: string } | undefined> {
  const database = db ?? (await getDb());
  await assertNoAlarm();
  const fields = entryFields(entry);
  let keys = await keysForAppend(database);
  const appended = await database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
    if (skip && (await skip(tx as unknown as Db))) return undefined;
    const [head] = await tx.select().from(tables.auditHead).limit(1);
    // Another instance began a new key epoch since these keys were read.
    if (head && (head.keyEpoch ?? 1) > keys.current.epoch)
      keys = (await storedAuditKeys(database, { fresh: true })) ?? keys;
    if (head) await assertHeadCurrent(database, tx as unknown as Db, keys, head);
    else await assertGenesis(tx as unknown as Db, keys);
    const written = await writeSealed(tx as unknown as Db, keys, head ?? null, fields);
    return { ...written, upgraded: head?.keyEpoch === null };
  });
  if (!appended) return undefined;
  rememberHead(database, keys.chainId, appended.seq);
  measure(() => auditAppends().inc({ outcome: fields.outcome }));
  // The first record, the first of the current seal format and every thousandth are anchored
  // outside the database at once (not awaited).
  checkpointDue(database, appended.count, appended.upgraded);
  return { id: appended.id, hash: appended.hash };
}

export function entryFields(entry: AuditEntry): HashedFields {
  return {
    id: randomUUID(),
    at: new Date().toISOString(),
    actorId: storableNullableText(entry.actor.id),
    actorEmail: storableNullableText(entry.actor.email?.slice(0, 320)),
    actorRole: storableNullableText(entry.actor.role),
    action: storableText(entry.action),
    target: storableNullableText(entry.target?.slice(0, 500)),
    input: withCase(storedInput(entry.input), entry.caseRef),
    outcome: entry.outcome,
    errorCode: storableNullableText(entry.errorCode),
    errorMessage: storableNullableText(entry.errorMessage?.slice(0, 1000)),
    requestId: storableNullableText(entry.requestId?.slice(0, 100)),
    ip: storableNullableText(entry.ip?.slice(0, 100)),
    intentId: entry.intentId ?? null,
  };
}

/**
 * Seals `fields` as the record after `prev` under the given key epoch (the current one unless a
 * rotation's own record), at the next sequence number (assigned here, never by the database: a gap
 * in the numbers is always a removal), and moves the head onto it, sealed under the current epoch.
 * The caller holds the chain's lock and has checked what `prev` is.
 */
export async function writeSealed(
  tx: Db,
  keys: AuditKeys,
  prev: { lastSeq: number; lastHash: string; count: number } | null,
  fields: HashedFields,
  keyEpoch = keys.current.epoch,
): Promise<{ id: string; hash: string; seq: number; count: number }> {
  const epoch = keys.epochs.get(keyEpoch);
  if (!epoch) throw new Error(`the audit keys of epoch ${keyEpoch} are not in the vault`);
  const seq = (prev?.lastSeq ?? 0) + 1;
  const prevHash = prev?.lastHash ?? GENESIS_HASH;
  const hash = recordHash(epoch.chain, prevHash, fields, { seq, keyEpoch });
  await tx
    .insert(tables.auditLog)
    .values({ ...fields, input: fields.input as object | null, seq, keyEpoch, prevHash, hash });
  const next = { lastSeq: seq, lastHash: hash, count: (prev?.count ?? 0) + 1, keyEpoch: keys.current.epoch };
  const mac = headMac(keys.current.head, next);
  await tx
    .insert(tables.auditHead)
    .values({ id: true, ...next, mac })
    .onConflictDoUpdate({ target: tables.auditHead.id, set: { ...next, mac, updatedAt: sql`now()` } });
  return { id: fields.id, hash, seq, count: next.count };
}

/**
 * For records of something that has already happened and cannot be undone by refusing (a failed
 * sign-in, a refused call): a failed write is logged loudly instead of thrown.
 */
export async function appendAuditSafely(entry: AuditEntry): Promise<void> {
  try {
    await appendAudit(entry);
  } catch (error) {
    logger.error({ err: error, action: entry.action, requestId: entry.requestId }, "audit write failed");
  }
}
