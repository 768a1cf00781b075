import "server-only";
import { asc, eq, gt, gte } from "drizzle-orm";
import { z } from "zod";
import { tables, type Db } from "@/server/db";
import { auditVerifications, measure } from "@/server/ops/metrics";
import { ACKNOWLEDGE_ACTION, acceptedBreakSchema } from "./acknowledge-format";
import { GENESIS_HASH, recordHash, sealedFields } from "./chain";
import { checkpointIsAuthentic, type Checkpoint, type SignedCheckpoint } from "./checkpoint";
import { storedCheckpoints } from "./checkpoint-files";
import { headIsAuthentic } from "./head";
import { storedAuditKeys } from "./keys";

export type Problem =
  | "edited"
  | "inserted-or-deleted"
  | "tail-deleted"
  | "head-forged"
  | "emptied"
  | "keys-missing"
  | "checkpoint-mismatch"
  | "checkpoint-invalid";

/** A checkpoint the chain was compared with: uploaded by the reviewer, or the newest in the checkpoint directory. */
export interface CheckpointCheck {
  source: "uploaded" | "directory";
  lastSeq: number;
  count: number;
  at: string;
}

/** Records that are gone: their sequence numbers, and the last intact record before them ("since when"). */
export interface MissingRecords {
  fromSeq: number;
  /** Null when the end is unknown (a forged head names no trustworthy end). */
  toSeq: number | null;
  after: { seq: number; at: string } | null;
}

export type ChainVerdict =
  | {
      ok: true;
      count: number;
      headHash: string;
      lastSeq: number;
      lastAt: string | null;
      checkedAt: string;
      /** The uploaded checkpoint, when one was given. */
      checkpoint?: CheckpointCheck;
      /** The newest automatic checkpoint the chain was compared with, if one was written yet. */
      anchor: CheckpointCheck | null;
      /**
       * Chains other than this one with checkpoints in the directory: normally none. One whose records
       * and keys were all removed leaves its checkpoints behind, and this is where it shows.
       */
      otherChains: number;
      /** Breaks an operator acknowledged (`npm run audit:acknowledge`): the log verifies past them, and says so. */
      acknowledged: AcknowledgedBreak[];
    }
  | {
      ok: false;
      count: number;
      checkedAt: string;
      problem: Problem;
      /** The first row that fails (null when rows are missing after the last one). */
      seq: number | null;
      id: string | null;
      message: string;
      missing: MissingRecords | null;
      anchor: CheckpointCheck | null;
    };

export interface VerifyOptions {
  /** A checkpoint downloaded earlier: the log must still contain exactly what it named. */
  checkpoint?: Checkpoint;
  /** Continue from a checkpoint already verified instead of the first record (the scheduled checkpoints). */
  from?: SignedCheckpoint;
  /** Compare with the newest checkpoint of the checkpoint directory (default true). */
  useStoredCheckpoints?: boolean;
  batchSize?: number;
  /** Test hook: runs between batches (to append concurrently and prove the snapshot holds). */
  afterBatch?: () => Promise<void>;
}

type Row = typeof tables.auditLog.$inferSelect;

export interface AcknowledgedBreak {
  /** The acknowledgement's own record. */
  seq: number;
  at: string;
  by: string | null;
  finding: string;
  reason: string;
}

const acknowledgementSchema = z.object({
  finding: z.object({ message: z.string() }),
  reason: z.string(),
  accepts: acceptedBreakSchema,
});

/**
 * The acknowledgements in the log whose own seal verifies (only someone with the chain key can write
 * one, so a forged row cannot excuse anything), and what they let the walk pass.
 */
async function acknowledgements(db: Db, key: Buffer | undefined) {
  const linkBreaks = new Set<number>();
  const edited = new Set<number>();
  const bySeq = new Map<number, AcknowledgedBreak>();
  let checkpointsBefore: string | undefined;
  if (key) {
    const rows = await db.select().from(tables.auditLog).where(eq(tables.auditLog.action, ACKNOWLEDGE_ACTION));
    for (const row of rows) {
      if (recordHash(key, row.prevHash, sealedFields(row)) !== row.hash) continue;
      const parsed = acknowledgementSchema.safeParse(row.input);
      if (!parsed.success) continue;
      const { accepts } = parsed.data;
      if (accepts.linkBreakAtSeq !== undefined) linkBreaks.add(accepts.linkBreakAtSeq);
      if (accepts.editedSeq !== undefined) edited.add(accepts.editedSeq);
      if (accepts.checkpointsBefore && (!checkpointsBefore || accepts.checkpointsBefore > checkpointsBefore))
        checkpointsBefore = accepts.checkpointsBefore;
      const at = new Date(row.at).toISOString();
      bySeq.set(row.seq, {
        seq: row.seq,
        at,
        by: row.actorEmail,
        finding: parsed.data.finding.message,
        reason: parsed.data.reason,
      });
    }
  }
  return { linkBreaks, edited, checkpointsBefore, bySeq };
}
type Anchor = CheckpointCheck & { headHash: string };
type Failure = Extract<ChainVerdict, { ok: false }>;

const utc = (iso: string) => `${new Date(iso).toISOString().replace("T", " ").slice(0, 19)} UTC`;
const anchorName = (a: Anchor) =>
  a.source === "uploaded" ? `the checkpoint you gave (${utc(a.at)})` : `the checkpoint written at ${utc(a.at)}`;
/** "Record #5 is missing" or "Records #5–#9 are missing". */
const missingText = (from: number, to: number) =>
  from === to ? `Record #${from} is missing` : `Records #${from}–#${to} are missing`;

/**
 * Walks the whole chain in order inside one REPEATABLE READ snapshot, so records appended while it
 * runs are neither half-seen nor reported as a broken tail, and says exactly what is wrong: the
 * first record that does not verify under this console's chain key, or which records are missing
 * and since when, judged against the sealed head row and the checkpoints kept outside the database.
 */
export async function verifyChain(db: Db, options: VerifyOptions = {}): Promise<ChainVerdict> {
  const verdict = await checkChain(db, options);
  measure(() => auditVerifications().inc({ verdict: verdict.ok ? "ok" : "broken" }));
  return verdict;
}

async function checkChain(db: Db, options: VerifyOptions): Promise<ChainVerdict> {
  const checkedAt = new Date().toISOString();
  // Keys and checkpoints are read before the read-only snapshot begins (the keys' upgrade may write).
  const keys = await storedAuditKeys(db);
  const stored = options.useStoredCheckpoints === false ? { invalid: [], otherChains: 0 } : await storedCheckpoints(db);
  const anchors: Anchor[] = [];
  const newest = stored.newest?.checkpoint;
  const anchor: CheckpointCheck | null = newest
    ? { source: "directory", lastSeq: newest.lastSeq, count: newest.count, at: newest.at }
    : null;
  const early = (problem: Problem, message: string): Failure => ({
    ok: false,
    count: 0,
    checkedAt,
    problem,
    seq: null,
    id: null,
    message,
    missing: null,
    anchor,
  });
  if (options.checkpoint) {
    const authentic = await checkpointIsAuthentic(db, options.checkpoint);
    if (!authentic.ok) return early("checkpoint-invalid", authentic.message);
    anchors.push({ source: "uploaded", ...pick(options.checkpoint) });
  }
  const [firstInvalid] = stored.invalid;
  if (firstInvalid)
    return early(
      "checkpoint-invalid",
      `The checkpoint directory holds ${firstInvalid.file}, which is not an authentic checkpoint of this log (${firstInvalid.message}): someone wrote there.`,
    );
  if (newest && newest.at !== options.from?.at) anchors.push({ source: "directory", ...pick(newest) });
  return db.transaction(
    (tx) => walk(tx as unknown as Db, { keys, anchors, anchor, checkedAt, options, otherChains: stored.otherChains }),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

const pick = (c: Checkpoint) => ({ lastSeq: c.lastSeq, count: c.count, at: c.at, headHash: c.headHash });

interface WalkInput {
  otherChains: number;
  keys: Awaited<ReturnType<typeof storedAuditKeys>>;
  anchors: Anchor[];
  anchor: CheckpointCheck | null;
  checkedAt: string;
  options: VerifyOptions;
}

async function walk(db: Db, input: WalkInput): Promise<ChainVerdict> {
  const { keys, checkedAt, options, otherChains } = input;
  const { from, batchSize = 2000, afterBatch } = options;
  const accepted = await acknowledgements(db, keys?.chain);
  const acknowledged: AcknowledgedBreak[] = [];
  // Checkpoints made before an acknowledgement name what it acknowledged as gone.
  const binds = (a: Anchor) =>
    a.source === "uploaded" || !accepted.checkpointsBefore || a.at >= accepted.checkpointsBefore;
  const anchors = input.anchors.filter(binds);
  const anchor = input.anchor && binds({ ...input.anchor, headHash: "" }) ? input.anchor : null;
  let count = from?.count ?? 0;
  const fail = (problem: Problem, message: string, row?: Row, missing: MissingRecords | null = null): Failure => ({
    ok: false,
    count,
    checkedAt,
    problem,
    seq: row?.seq ?? null,
    id: row?.id ?? null,
    message,
    missing,
    anchor,
  });

  let prev = from?.headHash ?? GENESIS_HASH;
  let last: { seq: number; at: string } | null = from ? { seq: from.lastSeq, at: from.lastAt ?? from.at } : null;
  const seen = new Set<Anchor>();
  let cursor = from ? from.lastSeq : 0;
  let startRow = from !== undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(tables.auditLog)
      .where(startRow ? gte(tables.auditLog.seq, cursor) : gt(tables.auditLog.seq, cursor))
      .orderBy(asc(tables.auditLog.seq))
      .limit(batchSize);
    for (const row of rows) {
      if (startRow && from) {
        // The record a verified checkpoint ended at: it must still be there, as it was.
        startRow = false;
        if (row.seq !== from.lastSeq || row.hash !== from.headHash)
          return fail(
            "checkpoint-mismatch",
            `Record #${from.lastSeq}, the last one of the checkpoint of ${utc(from.at)}, is no longer in the log as it was.`,
            row,
          );
        continue;
      }
      if (!keys)
        return fail(
          "keys-missing",
          "The audit chain's keys are missing from the vault: no record can be checked.",
          row,
        );
      if (row.prevHash !== prev && accepted.linkBreaks.has(row.seq)) prev = row.prevHash;
      if (row.prevHash !== prev) {
        const gap = last ? { from: last.seq + 1, to: row.seq - 1 } : { from: 1, to: row.seq - 1 };
        const where = last ? `#${last.seq} (written ${utc(last.at)})` : "the start of the log";
        return gap.to >= gap.from
          ? fail(
              "inserted-or-deleted",
              `${missingText(gap.from, gap.to)}: record #${row.seq} does not link to ${where}.`,
              row,
              { fromSeq: gap.from, toSeq: gap.to, after: last },
            )
          : fail(
              "inserted-or-deleted",
              `Record #${row.seq} does not link to ${where}: a record was inserted here, or records were removed and renumbered.`,
              row,
            );
      }
      const expected = recordHash(keys.chain, prev, sealedFields(row));
      if (expected !== row.hash && !accepted.edited.has(row.seq))
        return fail(
          "edited",
          `Record #${row.seq} does not carry this console's seal: it was edited after it was written, or written without the key.`,
          row,
        );
      prev = row.hash;
      count += 1;
      last = { seq: row.seq, at: new Date(row.at).toISOString() };
      const ack = accepted.bySeq.get(row.seq);
      if (ack) acknowledged.push(ack);
      for (const a of anchors)
        if (row.seq === a.lastSeq) {
          seen.add(a);
          if (row.hash !== a.headHash || count !== a.count)
            return fail(
              "checkpoint-mismatch",
              `The log differs from ${anchorName(a)}: it named ${a.count} records up to #${a.lastSeq}, the log now has ${count} up to there.`,
              row,
            );
        }
    }
    cursor = rows.at(-1)?.seq ?? cursor;
    await afterBatch?.();
    if (rows.length < batchSize) break;
  }
  if (startRow && from) {
    return fail(
      "tail-deleted",
      `Records from #${from.lastSeq} on are missing: the checkpoint of ${utc(from.at)} names #${from.lastSeq}, which is no longer in the log.`,
      undefined,
      { fromSeq: from.lastSeq, toSeq: null, after: null },
    );
  }

  const lastSeq = last?.seq ?? 0;
  const since = last ? ` (written ${utc(last.at)})` : "";
  const endsAt = last ? `the log ends at #${last.seq}${since}` : "the log is empty";
  for (const a of anchors)
    if (!seen.has(a) && a.lastSeq > lastSeq)
      return fail(
        count === 0 ? "emptied" : "tail-deleted",
        `${missingText(lastSeq + 1, a.lastSeq)}: ${endsAt}, but ${anchorName(a)} names ${a.count} records up to #${a.lastSeq}.${last ? ` Every record written after ${utc(last.at)} was removed.` : ""}`,
        undefined,
        { fromSeq: lastSeq + 1, toSeq: a.lastSeq, after: last },
      );

  const [head] = await db.select().from(tables.auditHead).limit(1);
  if (count === 0 && !from) {
    if (keys || head)
      return fail(
        "emptied",
        "The audit log is empty, but this console has written to it (its chain key is in the vault): every record was removed.",
        undefined,
        { fromSeq: 1, toSeq: head && keys && headIsAuthentic(keys.head, head) ? head.lastSeq : null, after: null },
      );
    return {
      ok: true,
      count: 0,
      headHash: GENESIS_HASH,
      lastSeq: 0,
      lastAt: null,
      checkedAt,
      anchor,
      otherChains,
      acknowledged,
    };
  }
  if (!keys)
    return fail("keys-missing", "The audit chain's keys are missing from the vault: no record can be checked.");
  if (!head) return fail("head-forged", `The chain's head record was deleted; ${endsAt}.`);
  if (!headIsAuthentic(keys.head, head))
    return fail(
      "head-forged",
      `The chain's head record was rewritten outside the console (its seal does not verify): it names ${head.count} records up to #${head.lastSeq}, and ${endsAt} after ${count}. Records may have been removed from the end; compare with a checkpoint kept outside the console.`,
    );
  if (head.lastHash !== prev || head.count !== count)
    return head.lastSeq > lastSeq
      ? fail(
          "tail-deleted",
          `${missingText(lastSeq + 1, head.lastSeq)}: the sealed head says ${head.count} records up to #${head.lastSeq} were written, but ${endsAt}.${last ? ` Every record written after ${utc(last.at)} was removed.` : ""}`,
          undefined,
          { fromSeq: lastSeq + 1, toSeq: head.lastSeq, after: last },
        )
      : fail(
          "tail-deleted",
          `The sealed head names ${head.count} records up to #${head.lastSeq}, but ${endsAt} after ${count} records.`,
        );
  return {
    ok: true,
    count,
    headHash: prev,
    lastSeq,
    lastAt: last?.at ?? null,
    checkedAt,
    anchor,
    otherChains,
    acknowledged,
    ...(options.checkpoint
      ? {
          checkpoint: {
            source: "uploaded" as const,
            lastSeq: options.checkpoint.lastSeq,
            count: options.checkpoint.count,
            at: options.checkpoint.at,
          },
        }
      : {}),
  };
}
