import "server-only";
import { gt, sql } from "drizzle-orm";
import { utcSecond } from "@/lib/shared/format";
import { tables, type Db } from "@/server/db";
import { chainAlarm, raiseChainAlarm } from "./alarm";
import { chainState } from "./checkpoint-files";
import { checkHead, type HeadState } from "./head";
import { createAuditKeys, storedAuditKeys, type AuditKeys } from "./keys";
import { describeChain, otherChains } from "./other-chains";

/** The chain was changed outside the console: nothing more is appended (and no act happens) until an operator acknowledges it. */
export class AuditTamperedError extends Error {
  override name = "AuditTamperedError";
}

/** Raises the chain alarm (every instance stops appending) and returns the error to throw. */
export async function tampered(problem: string, message: string): Promise<AuditTamperedError> {
  await raiseChainAlarm({ problem, message }).catch(() => undefined);
  return new AuditTamperedError(message);
}

/** Refuses at once while an alarm stands: appends stop until an operator acknowledges the finding. */
export async function assertNoAlarm(): Promise<void> {
  const alarm = await chainAlarm();
  if (alarm)
    throw new AuditTamperedError(
      `the audit chain was found broken at ${alarm.at} (${alarm.message}); nothing is recorded until an operator acknowledges it`,
    );
}

/**
 * The keys an append seals with; the first append of a chain creates them, but only where nothing
 * says a chain was here: no record, no head, and no other chain in the checkpoint directory that was
 * not closed. A log wiped together with its keys leaves its checkpoints behind, and is not a fresh start.
 */
export async function keysForAppend(db: Db): Promise<AuditKeys> {
  const keys = await storedAuditKeys(db);
  if (keys) return keys;
  const [record] = await db.select({ seq: tables.auditLog.seq }).from(tables.auditLog).limit(1);
  const [head] = await db.select({ lastSeq: tables.auditHead.lastSeq }).from(tables.auditHead).limit(1);
  if (record || head)
    throw await tampered(
      "keys-missing",
      "the audit chain's keys are missing from the vault while its records are there: they were deleted",
    );
  const lost = (await otherChains(db, undefined)).filter((c) => !c.closed);
  if (lost.length > 0)
    throw await tampered(
      "chain-lost",
      `this database has no audit chain, but the checkpoint directory holds ${lost.map(describeChain).join(" and ")}, never closed: its records were removed together with their keys`,
    );
  return createAuditKeys(db);
}

/**
 * Each process remembers the furthest point of each chain it has appended to, and when: a head
 * found behind it was put back from an older copy while the console ran, even before any checkpoint
 * could tell. An operator's acknowledgement since then (its checkpoint is the newest) resets it.
 */
const furthest = new WeakMap<Db, Map<string, { seq: number; at: number }>>();

export function rememberHead(db: Db, chainId: string, lastSeq: number): void {
  const seen = furthest.get(db) ?? new Map<string, { seq: number; at: number }>();
  furthest.set(db, seen);
  seen.set(chainId, { seq: lastSeq, at: Date.now() });
}

/**
 * What an append checks under the chain's lock before it seals anything on top of the head: the
 * head's seal and epoch, that no record stands after it, and that it is not older than the newest
 * checkpoint or than what this process saw. Any failure raises the alarm.
 */
export async function assertHeadCurrent(
  db: Db,
  tx: Db,
  keys: AuditKeys,
  head: HeadState & { mac: string | null },
): Promise<void> {
  const checked = checkHead(keys, head);
  if (!checked.ok) throw await tampered("head-forged", `the audit head cannot be trusted: ${checked.why}`);
  const [after] = await tx
    .select({ seq: tables.auditLog.seq })
    .from(tables.auditLog)
    .where(gt(tables.auditLog.seq, head.lastSeq))
    .orderBy(sql`seq desc`)
    .limit(1);
  if (after)
    throw await tampered(
      "head-rolled-back",
      `the audit head names #${head.lastSeq} as the last record, but records up to #${after.seq} stand after it: the head was put back from an older copy`,
    );
  const { newest: checkpoint, closed } = await chainState(tx, keys.chainId);
  if (closed)
    throw new AuditTamperedError(
      "this audit chain was closed for a move to another database (npm run audit:close): nothing more is appended to it here",
    );
  if (
    checkpoint &&
    (head.lastSeq < checkpoint.lastSeq ||
      (head.lastSeq === checkpoint.lastSeq && head.lastHash !== checkpoint.headHash))
  )
    throw await tampered(
      "head-rolled-back",
      `the audit head names #${head.lastSeq}, older than the checkpoint of ${utcSecond(checkpoint.at)}, which names #${checkpoint.lastSeq}: the log was put back from an older copy`,
    );
  const seen = furthest.get(db)?.get(keys.chainId);
  const acknowledgedSince = checkpoint?.reason === "acknowledged" && Date.parse(checkpoint.at) >= (seen?.at ?? 0);
  if (seen && head.lastSeq < seen.seq && !acknowledgedSince)
    throw await tampered(
      "head-rolled-back",
      `the audit head names #${head.lastSeq}, but this console appended up to #${seen.seq}: the log was put back from an older copy`,
    );
}

/** No head: a new chain, unless records or this chain's checkpoints say one was here. */
export async function assertGenesis(tx: Db, keys: AuditKeys): Promise<void> {
  const [any] = await tx.select({ seq: tables.auditLog.seq }).from(tables.auditLog).limit(1);
  if (any) throw await tampered("head-forged", "the audit head is missing while records exist: it was deleted");
  const { newest: checkpoint } = await chainState(tx, keys.chainId);
  if (checkpoint && checkpoint.count > 0)
    throw await tampered(
      "emptied",
      `the audit log is empty, but the checkpoint of ${utcSecond(checkpoint.at)} names ${checkpoint.count} records up to #${checkpoint.lastSeq}`,
    );
}
