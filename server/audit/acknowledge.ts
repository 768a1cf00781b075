import "server-only";
import { desc, sql } from "drizzle-orm";
import { tables, type Db } from "@/server/db";
import { ACKNOWLEDGE_ACTION, type AcceptedBreak } from "./acknowledge-format";
import { chainAlarm, clearChainAlarm, type ChainAlarm } from "./alarm";
import { entryFields, writeSealed } from "./append";
import { CHAIN_LOCK } from "./chain";
import { writeCheckpoint } from "./checkpoint-schedule";
import { writeClosingStatement } from "./closing";
import { createAuditKeys, storedAuditKeys } from "./keys";
import { otherChains } from "./other-chains";
import type { Failure } from "./verdict";
import { verifyChain, type ChainVerdict } from "./verify";

/**
 * When the chain was damaged outside the console (records removed, the head rewritten or put back,
 * the log emptied or wiped with its keys, a database restored from an older backup), the console
 * refuses to append on top of it: a new record would seal the damage into a chain that verifies. An
 * operator who holds the vault key acknowledges each finding instead (`npm run audit:acknowledge`): a
 * sealed record that says what Verify found and why the operator went on, after the last record
 * there is. Verify then walks past exactly that break, and lists every acknowledgement in its
 * verdict, for good. The chain alarm is lifted only once the chain verifies.
 */

/**
 * The break Verify may walk past from now on. Checkpoints made before an acknowledgement no longer
 * bind whatever the break: they count records that are gone, or name a head that is not the last.
 */
function accepts(verdict: Failure, now: Date): AcceptedBreak {
  const checkpointsBefore = now.toISOString();
  if (verdict.problem === "inserted-or-deleted" && verdict.seq !== null)
    return { linkBreakAtSeq: verdict.seq, checkpointsBefore };
  if ((verdict.problem === "edited" || verdict.problem === "epoch") && verdict.seq !== null)
    return { editedSeq: verdict.seq, checkpointsBefore };
  // A cut tail, a forged or older head, an emptied log, a rollback: the acknowledgement follows what is left.
  return { checkpointsBefore };
}

export interface Acknowledgement {
  seq: number;
  finding: string;
}

type Finding = Pick<Failure, "problem" | "seq" | "message" | "missing">;

/** Appends one acknowledgement of a finding, after the last record there is; the head follows it. */
async function acknowledgeOne(db: Db, finding: Finding, reason: string, operator: string): Promise<Acknowledgement> {
  const keys = (await storedAuditKeys(db, { fresh: true })) ?? (await createAuditKeys(db));
  const now = new Date();
  const fields = entryFields({
    actor: { id: null, email: operator, role: "operator" },
    action: ACKNOWLEDGE_ACTION,
    target: "audit_log",
    outcome: "ok",
    input: {
      finding: { problem: finding.problem, seq: finding.seq, message: finding.message, missing: finding.missing },
      reason,
      accepts: accepts({ ...finding, ok: false, count: 0, checkedAt: "", id: null, anchor: null }, now),
    },
  });
  const seq = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
    const [last] = await tx.select().from(tables.auditLog).orderBy(desc(tables.auditLog.seq)).limit(1);
    const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(tables.auditLog);
    const prev = last ? { lastSeq: last.seq, lastHash: last.hash, count: Number(counted?.n ?? 0) } : null;
    return (await writeSealed(tx as unknown as Db, keys, prev, fields)).seq;
  });
  return { seq, finding: finding.message };
}

/**
 * Chains whose log and keys were removed (their checkpoints stand in the directory, never closed):
 * each gets a closing statement saying it was lost, naming the chain that goes on.
 */
async function closeLostChains(db: Db, reason: string): Promise<void> {
  const keys = (await storedAuditKeys(db, { fresh: true })) ?? (await createAuditKeys(db));
  for (const chain of await otherChains(db, keys.chainId)) {
    if (chain.closed) continue;
    await writeClosingStatement(db, {
      chainId: chain.chainId,
      reason: "lost",
      lastSeq: chain.newest?.lastSeq ?? 0,
      count: chain.newest?.count ?? 0,
      lastAt: chain.newest?.lastAt ?? null,
      note: reason.slice(0, 500),
      successorChainId: keys.chainId,
    });
  }
}

/**
 * Acknowledges every finding, one after the other (a log can have several breaks), until the chain
 * verifies; then anchors it with a checkpoint and lifts the alarm. A standing alarm whose finding
 * no longer shows (the damage was undone) is acknowledged too, so the record says it happened.
 * Refuses a finding it cannot walk past (keys gone while their records are there, a forged file in
 * the checkpoint directory), and stops after `max` acknowledgements.
 */
export async function acknowledgeBreaks(
  db: Db,
  options: { reason: string; operator: string; max?: number },
): Promise<{ acknowledged: Acknowledgement[]; verdict: ChainVerdict }> {
  const acknowledged: Acknowledgement[] = [];
  const alarm: ChainAlarm | null = await chainAlarm();
  for (let i = 0; i < (options.max ?? 20); i++) {
    const verdict = await verifyChain(db);
    if (verdict.ok) {
      if (alarm && acknowledged.length === 0)
        acknowledged.push(
          await acknowledgeOne(
            db,
            {
              problem: alarm.problem as Failure["problem"],
              seq: null,
              missing: null,
              message: `${alarm.message} (found ${alarm.at}; it no longer shows)`,
            },
            options.reason,
            options.operator,
          ),
        );
      if (acknowledged.length > 0) {
        await clearChainAlarm();
        await writeCheckpoint(db, "acknowledged");
      }
      return { acknowledged, verdict: acknowledged.length > 0 ? await verifyChain(db) : verdict };
    }
    if (verdict.problem === "checkpoint-invalid" || verdict.problem === "keys-missing")
      return { acknowledged, verdict };
    if (verdict.problem === "chain-lost") await closeLostChains(db, options.reason);
    acknowledged.push(await acknowledgeOne(db, verdict, options.reason, options.operator));
  }
  return { acknowledged, verdict: await verifyChain(db) };
}
