import "server-only";
import { asc, gt } from "drizzle-orm";
import { tables, type Db } from "@/server/db";
import { GENESIS_HASH, recordHash } from "./chain";
import { checkpointIsAuthentic, type Checkpoint } from "./checkpoint";
import { auditKeys } from "./keys";

type Problem = "edited" | "inserted-or-deleted" | "tail-deleted" | "checkpoint-mismatch" | "checkpoint-invalid";

export interface CheckpointCheck {
  lastSeq: number;
  count: number;
  at: string;
}

export type ChainVerdict =
  | { ok: true; count: number; headHash: string; lastSeq: number; checkedAt: string; checkpoint?: CheckpointCheck }
  | {
      ok: false;
      count: number;
      checkedAt: string;
      problem: Problem;
      /** The first row that fails (null when rows are missing after the last one). */
      seq: number | null;
      id: string | null;
      message: string;
    };

export interface VerifyOptions {
  /** A checkpoint downloaded earlier: the log must still contain exactly what it named. */
  checkpoint?: Checkpoint;
  batchSize?: number;
  /** Test hook: runs between batches (to append concurrently and prove the snapshot holds). */
  afterBatch?: () => Promise<void>;
}

type Row = typeof tables.auditLog.$inferSelect;

/**
 * Walks the whole chain in order inside one REPEATABLE READ snapshot, so records appended while it
 * runs are neither half-seen nor reported as a broken tail, and reports the first row that does
 * not verify under this console's chain key.
 */
export async function verifyChain(db: Db, options: VerifyOptions = {}): Promise<ChainVerdict> {
  // The keys come from the vault before the read-only snapshot begins (the first load may store them).
  const keys = await auditKeys(db);
  const authentic = options.checkpoint ? await checkpointIsAuthentic(db, options.checkpoint) : true;
  return db.transaction((tx) => walk(tx as unknown as Db, keys.chain, authentic, options), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
}

async function walk(
  db: Db,
  key: Buffer,
  checkpointAuthentic: boolean,
  { checkpoint, batchSize = 2000, afterBatch }: VerifyOptions,
): Promise<ChainVerdict> {
  const checkedAt = new Date().toISOString();
  const fail = (problem: Problem, message: string, count: number, row?: Row): ChainVerdict => ({
    ok: false,
    count,
    checkedAt,
    problem,
    seq: row?.seq ?? null,
    id: row?.id ?? null,
    message,
  });
  if (checkpoint && !checkpointAuthentic)
    return fail(
      "checkpoint-invalid",
      "This checkpoint was not signed with this console's key, or it was altered after it was downloaded.",
      0,
    );

  let prev = GENESIS_HASH;
  let count = 0;
  let after = 0;
  let checkpointSeen = false;
  for (;;) {
    const rows = await db
      .select()
      .from(tables.auditLog)
      .where(gt(tables.auditLog.seq, after))
      .orderBy(asc(tables.auditLog.seq))
      .limit(batchSize);
    for (const row of rows) {
      if (checkpoint && !checkpointSeen && row.seq > checkpoint.lastSeq)
        return fail(
          "checkpoint-mismatch",
          `Record #${checkpoint.lastSeq}, the last one of the checkpoint of ${checkpoint.at}, is no longer in the log.`,
          count,
          row,
        );
      if (row.prevHash !== prev)
        return fail(
          "inserted-or-deleted",
          `Record #${row.seq} does not link to the record before it: a record was inserted here or deleted just before it.`,
          count,
          row,
        );
      const expected = recordHash(key, prev, {
        id: row.id,
        at: row.at,
        actorId: row.actorId,
        actorEmail: row.actorEmail,
        actorRole: row.actorRole,
        action: row.action,
        target: row.target,
        input: row.input,
        outcome: row.outcome,
        errorCode: row.errorCode,
        errorMessage: row.errorMessage,
        requestId: row.requestId,
        ip: row.ip,
        intentId: row.intentId,
      });
      if (expected !== row.hash)
        return fail(
          "edited",
          `Record #${row.seq} does not carry this console's seal: it was edited after it was written, or written without the key.`,
          count,
          row,
        );
      prev = row.hash;
      count += 1;
      after = row.seq;
      if (checkpoint && row.seq === checkpoint.lastSeq) {
        checkpointSeen = true;
        if (row.hash !== checkpoint.headHash || count !== checkpoint.count)
          return fail(
            "checkpoint-mismatch",
            `The log differs from the checkpoint of ${checkpoint.at}: it named ${checkpoint.count} records up to #${checkpoint.lastSeq}, the log now has ${count} up to there.`,
            count,
            row,
          );
      }
    }
    await afterBatch?.();
    if (rows.length < batchSize) break;
  }
  if (checkpoint && !checkpointSeen)
    return fail(
      "checkpoint-mismatch",
      `The checkpoint of ${checkpoint.at} names ${checkpoint.count} records up to #${checkpoint.lastSeq}, but the log ends at #${after} after ${count} records: records were removed from the end.`,
      count,
    );
  const [head] = await db.select().from(tables.auditHead).limit(1);
  if (head && (head.lastHash !== prev || head.count !== count))
    return fail(
      "tail-deleted",
      `The log ends at record #${after}, but ${head.count} records were written (the last was #${head.lastSeq}): records were deleted from the end.`,
      count,
    );
  if (!head && count > 0) return fail("tail-deleted", "The chain head record is missing.", count);
  return {
    ok: true,
    count,
    headHash: prev,
    lastSeq: after,
    checkedAt,
    ...(checkpoint ? { checkpoint: { lastSeq: checkpoint.lastSeq, count: checkpoint.count, at: checkpoint.at } } : {}),
  };
}
