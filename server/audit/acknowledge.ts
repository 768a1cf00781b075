import "server-only";
import { randomUUID } from "node:crypto";
import { desc, sql } from "drizzle-orm";
import { tables, type Db } from "@/server/db";
import { ACKNOWLEDGE_ACTION, type AcceptedBreak } from "./acknowledge-format";
import { storedInput } from "./append";
import { CHAIN_LOCK, GENESIS_HASH, recordHash, type HashedFields } from "./chain";
import { writeCheckpoint } from "./checkpoint-schedule";
import { headMac } from "./head";
import { auditKeys } from "./keys";
import { verifyChain, type ChainVerdict } from "./verify";

/**
 * When the chain was damaged outside the console (records removed, the head rewritten, the log
 * emptied, a database restored from an older backup), the console refuses to append on top of it:
 * a new record would seal the damage into a chain that verifies. An operator who holds the vault
 * key acknowledges each finding instead (`npm run audit:acknowledge`): a sealed record that says
 * what Verify found and why the operator went on, linked to the last record there is. Verify then
 * walks past exactly that break, and lists every acknowledgement in its verdict, for good.
 */
type Failure = Extract<ChainVerdict, { ok: false }>;

/**
 * The break Verify may walk past from now on. Checkpoints made before an acknowledgement no longer
 * bind whatever the break: they count records that are gone, or name a head that is not the last.
 */
function accepts(verdict: Failure, now: Date): AcceptedBreak {
  const checkpointsBefore = now.toISOString();
  if (verdict.problem === "inserted-or-deleted" && verdict.seq !== null)
    return { linkBreakAtSeq: verdict.seq, checkpointsBefore };
  if (verdict.problem === "edited" && verdict.seq !== null) return { editedSeq: verdict.seq, checkpointsBefore };
  // A cut tail, a forged head, an emptied log, a rollback: the acknowledgement links to what is left.
  return { checkpointsBefore };
}

export interface Acknowledgement {
  seq: number;
  finding: string;
}

/** Appends one acknowledgement of `verdict`'s finding; the head and a fresh checkpoint follow it. */
async function acknowledgeOne(db: Db, verdict: Failure, reason: string, operator: string): Promise<Acknowledgement> {
  const keys = await auditKeys(db);
  const now = new Date();
  const fields: HashedFields = {
    id: randomUUID(),
    at: now.toISOString(),
    actorId: null,
    actorEmail: operator.slice(0, 320),
    actorRole: "operator",
    action: ACKNOWLEDGE_ACTION,
    target: "audit_log",
    input: storedInput({
      finding: { problem: verdict.problem, seq: verdict.seq, message: verdict.message, missing: verdict.missing },
      reason,
      accepts: accepts(verdict, now),
    }),
    outcome: "ok",
    errorCode: null,
    errorMessage: null,
    requestId: null,
    ip: null,
    intentId: null,
  };
  const seq = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
    const [last] = await tx.select().from(tables.auditLog).orderBy(desc(tables.auditLog.seq)).limit(1);
    const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(tables.auditLog);
    const prevHash = last?.hash ?? GENESIS_HASH;
    const hash = recordHash(keys.chain, prevHash, fields);
    const [row] = await tx
      .insert(tables.auditLog)
      .values({ ...fields, input: fields.input as object | null, prevHash, hash })
      .returning({ seq: tables.auditLog.seq });
    if (!row) throw new Error("the acknowledgement was not stored");
    const next = { lastSeq: row.seq, lastHash: hash, count: Number(counted?.n ?? 0) + 1 };
    const mac = headMac(keys.head, next);
    await tx
      .insert(tables.auditHead)
      .values({ id: true, ...next, mac })
      .onConflictDoUpdate({ target: tables.auditHead.id, set: { ...next, mac, updatedAt: sql`now()` } });
    return row.seq;
  });
  return { seq, finding: verdict.message };
}

/**
 * Acknowledges every finding, one after the other (a log can have several breaks), until the chain
 * verifies; then anchors it with a checkpoint. Refuses when Verify finds nothing to acknowledge or a
 * finding it cannot walk past, and stops after `max` acknowledgements.
 */
export async function acknowledgeBreaks(
  db: Db,
  options: { reason: string; operator: string; max?: number },
): Promise<{ acknowledged: Acknowledgement[]; verdict: ChainVerdict }> {
  const acknowledged: Acknowledgement[] = [];
  for (let i = 0; i < (options.max ?? 20); i++) {
    const verdict = await verifyChain(db);
    if (verdict.ok) {
      if (acknowledged.length > 0) await writeCheckpoint(db, "acknowledged");
      return { acknowledged, verdict: acknowledged.length > 0 ? await verifyChain(db) : verdict };
    }
    if (verdict.problem === "checkpoint-invalid" || verdict.problem === "keys-missing")
      return { acknowledged, verdict };
    acknowledged.push(await acknowledgeOne(db, verdict, options.reason, options.operator));
  }
  return { acknowledged, verdict: await verifyChain(db) };
}
