import "server-only";
import { tables, type Db } from "@/server/db";
import { getDb } from "@/server/db";
import { logger } from "@/server/log";
import { chainAlarm } from "./alarm";
import { signCheckpoint, type CheckpointReason, type SignedCheckpoint } from "./checkpoint";
import { storedCheckpoints, writeCheckpointFile } from "./checkpoint-files";
import { checkHead } from "./head";
import { storedAuditKeys } from "./keys";
import { verifyChain } from "./verify";

/** A checkpoint is written at least this often while records are being added. */
export const CHECKPOINT_EVERY_MS = 60 * 60_000;
/** …and whenever the count reaches a multiple of this. */
export const CHECKPOINT_EVERY_RECORDS = 1000;
const CHECK_EVERY_MS = 5 * 60_000;

/**
 * Writes a signed checkpoint of the chain's head to the checkpoint directory, after checking the
 * records added since the previous checkpoint (or the whole chain): a checkpoint vouches only for a
 * chain that verifies, and none is signed while the chain alarm stands. A chain found broken here
 * raises the alarm (verifyChain). "hourly" writes only when the head moved and the newest checkpoint
 * is an hour old. Several instances may run it at once: a duplicate is harmless.
 */
export async function writeCheckpoint(
  db: Db,
  reason: CheckpointReason,
  now = new Date(),
): Promise<SignedCheckpoint | null> {
  if (await chainAlarm()) return null;
  const keys = await storedAuditKeys(db);
  const [head] = await db.select().from(tables.auditHead).limit(1);
  if (!keys || !head) return null;
  const headCheck = checkHead(keys, head);
  if (!headCheck.ok) {
    // Verify names what is wrong and raises the alarm.
    await verifyChain(db);
    return null;
  }
  const newest = (await storedCheckpoints(db)).newest?.checkpoint;
  if (newest && newest.headHash === head.lastHash && newest.lastSeq === head.lastSeq) return null;
  if (reason === "hourly" && newest && now.getTime() - Date.parse(newest.at) < CHECKPOINT_EVERY_MS) return null;
  // From the newest checkpoint on, as a rule; the whole chain (held to every checkpoint) when that
  // does not verify, which also names what broke.
  let verdict = await verifyChain(db, { from: newest, useStoredCheckpoints: false });
  if (!verdict.ok || !newest) verdict = await verifyChain(db);
  if (!verdict.ok) {
    logger.error(
      { problem: verdict.problem, seq: verdict.seq },
      "audit checkpoint not written: the chain does not verify",
    );
    return null;
  }
  const checkpoint = await signCheckpoint(
    db,
    { lastSeq: verdict.lastSeq, lastHash: verdict.headHash, count: verdict.count, lastAt: verdict.lastAt },
    reason,
    now,
  );
  await writeCheckpointFile(checkpoint);
  return checkpoint;
}

/**
 * Called after each append with the new count: the first record, the first of the current seal
 * format (a head of the first format no longer suffices from there) and every thousandth are
 * anchored at once.
 */
export function checkpointDue(db: Db, count: number, upgraded: boolean): void {
  const reason: CheckpointReason | undefined =
    count === 1
      ? "first-record"
      : upgraded
        ? "upgrade"
        : count % CHECKPOINT_EVERY_RECORDS === 0
          ? "every-1000"
          : undefined;
  if (!reason) return;
  const writing = writeCheckpoint(db, reason).then(
    () => undefined,
    (error: unknown) => logger.warn({ err: error }, "audit checkpoint failed"),
  );
  inFlight.add(writing);
  void writing.finally(() => inFlight.delete(writing));
}

const inFlight = new Set<Promise<void>>();

/** Resolves once every checkpoint an append started has been written (or has failed). */
export async function checkpointsWritten(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

const globalForCheckpoints = globalThis as unknown as { consoleAuditCheckpoints?: NodeJS.Timeout };

/** Every instance looks every five minutes whether an hourly checkpoint is due (the timer keeps no process alive). */
export function startAuditCheckpoints(): void {
  if (globalForCheckpoints.consoleAuditCheckpoints) return;
  const tick = () => {
    getDb()
      .then((db) => writeCheckpoint(db, "hourly"))
      .then((written) => {
        if (written) logger.info({ lastSeq: written.lastSeq, count: written.count }, "audit checkpoint written");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "audit checkpoint failed"));
  };
  setTimeout(tick, 10_000).unref();
  globalForCheckpoints.consoleAuditCheckpoints = setInterval(tick, CHECK_EVERY_MS);
  globalForCheckpoints.consoleAuditCheckpoints.unref();
}
