import "server-only";
import { asc, gt } from "drizzle-orm";
import { tables, type Db } from "@/server/db";
import { GENESIS_HASH, recordHash } from "./chain";

export type ChainVerdict =
  | { ok: true; count: number; headHash: string; checkedAt: string }
  | {
      ok: false;
      count: number;
      checkedAt: string;
      problem: "edited" | "inserted-or-deleted" | "tail-deleted";
      /** The first row that fails (null when rows are missing after the last one). */
      seq: number | null;
      id: string | null;
      message: string;
    };

const BATCH = 2000;

/** Walks the whole chain in order and reports the first row that does not verify. */
export async function verifyChain(db: Db): Promise<ChainVerdict> {
  const checkedAt = new Date().toISOString();
  let prev = GENESIS_HASH;
  let count = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(tables.auditLog)
      .where(gt(tables.auditLog.seq, after))
      .orderBy(asc(tables.auditLog.seq))
      .limit(BATCH);
    for (const row of rows) {
      if (row.prevHash !== prev) {
        return {
          ok: false,
          count,
          checkedAt,
          problem: "inserted-or-deleted",
          seq: row.seq,
          id: row.id,
          message: `Record #${row.seq} does not link to the record before it: a record was inserted here or deleted just before it.`,
        };
      }
      const expected = recordHash(prev, {
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
      });
      if (expected !== row.hash) {
        return {
          ok: false,
          count,
          checkedAt,
          problem: "edited",
          seq: row.seq,
          id: row.id,
          message: `Record #${row.seq} was edited after it was written: its content no longer matches its hash.`,
        };
      }
      prev = row.hash;
      count += 1;
      after = row.seq;
    }
    if (rows.length < BATCH) break;
  }
  const [head] = await db.select().from(tables.auditHead).limit(1);
  if (head && (head.lastHash !== prev || head.count !== count)) {
    return {
      ok: false,
      count,
      checkedAt,
      problem: "tail-deleted",
      seq: null,
      id: null,
      message: `The log ends at record #${after || 0}, but ${head.count} records were written (the last was #${head.lastSeq}): records were deleted from the end.`,
    };
  }
  if (!head && count > 0) {
    return {
      ok: false,
      count,
      checkedAt,
      problem: "tail-deleted",
      seq: null,
      id: null,
      message: "The chain head record is missing.",
    };
  }
  return { ok: true, count, headHash: prev, checkedAt };
}
