import "server-only";
import { tables, type Db } from "@/server/db";
import { getDb } from "@/server/db";
import { logger } from "@/server/log";
import { signCheckpoint, type CheckpointReason, type SignedCheckpoint } from "./checkpoint";
import { newestCheckpoint, writeCheckpointFile } from "./checkpoint-files";
import { headIsAuthentic } from "./head";
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
 * chain that verifies. "hourly" writes only when the head moved and the newest
 * checkpoint is an hour old. Several instances may run it at once: a duplicate is harmless.
 */
export async function writeCheckpoint(
  db: Db,
  reason: CheckpointReason,
  now = new Date(),
): Promise<SignedCheckpoint | null> {
  const keys = await storedAuditKeys(db);
  const [head] = await db.select().from(tables.auditHead).limit(1);
  if (!keys || !head) return null;
  if (!headIsAuthentic(keys.head, head)) {
    logger.error("audit checkpoint not written: the chain's head was rewritten outside the console");
    return null;
  }
  const newest = await newestCheckpoint(db);
  if (newest && newest.headHash === head.lastHash) return null;
  if (reason === "hourly" && newest && now.getTime() - Date.parse(newest.at) < CHECKPOINT_EVERY_MS) return null;
  // From the newest checkpoint on, as a rule; the whole chain when that checkpoint no longer binds
  // (an operator acknowledged a break since) or there is none.
  let verdict = await verifyChain(db, { from: newest, useStoredCheckpoints: false });
  if (!verdict.ok && newest) verdict = await verifyChain(db);
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

/** Called after each append with the new count: the first record and every thousandth are anchored at once. */
export function checkpointDue(db: Db, count: number): void {
  if (count !== 1 && count % CHECKPOINT_EVERY_RECORDS !== 0) return;
  writeCheckpoint(db, count === 1 ? "first-record" : "every-1000").catch((error: unknown) =>
    logger.warn({ err: error }, "audit checkpoint failed"),
  );
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
