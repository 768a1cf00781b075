import "server-only";
import { asc, gt, gte } from "drizzle-orm";
import { z } from "zod";
import { utcSecond } from "@/lib/shared/format";
import { tables, type Db } from "@/server/db";
import { ACKNOWLEDGE_ACTION } from "./acknowledge-format";
import type { AcknowledgedBreak, Acknowledgements } from "./acknowledgements";
import { GENESIS_HASH } from "./chain";
import type { SignedCheckpoint } from "./checkpoint";
import { checkHead } from "./head";
import type { AuditKeys } from "./keys";
import { expectedSeal } from "./record-seal";
import { KEYS_ROTATED_ACTION } from "./rotation-format";
import {
  missingText,
  type ChainVerdict,
  type CheckpointCheck,
  type Failure,
  type MissingRecords,
  type Problem,
} from "./verdict";

/** A checkpoint the log is held to: the record at `lastSeq` must be there, sealed `headHash`, the `count`th. */
export type Anchor = CheckpointCheck & { headHash: string };

/** A point of the chain already verified: the record at `lastSeq`, sealed `headHash`, the `count`th. */
export type Verified = Pick<SignedCheckpoint, "lastSeq" | "headHash" | "count" | "lastAt" | "at">;

/** Where a walk of `maxRows` stopped before the end of the log: every record up to there verified. */
export interface Stretch {
  ok: true;
  stretch: true;
  to: Verified;
}

export interface WalkInput {
  keys: AuditKeys | undefined;
  /** Every checkpoint that binds, in any order. */
  anchors: Anchor[];
  /** The newest automatic checkpoint, for the verdict. */
  anchor: CheckpointCheck | null;
  accepted: Acknowledgements;
  checkedAt: string;
  /** Continue from a checkpoint (or a point a sweep reached) already verified instead of the first record. */
  from?: Verified;
  batchSize: number;
  afterBatch?: () => Promise<void>;
}

type Row = typeof tables.auditLog.$inferSelect;
type Done = Omit<Extract<ChainVerdict, { ok: true }>, "closedChains" | "checkpoint" | "checkpointsChecked">;

const rotationInput = z.object({ toEpoch: z.number().int() });

const anchorName = (a: Anchor) =>
  a.source === "uploaded"
    ? `the checkpoint you gave (${utcSecond(a.at)})`
    : `the checkpoint written at ${utcSecond(a.at)}`;

/**
 * Walks the chain in order (inside the caller's snapshot) and says exactly what is wrong: the first
 * record that does not verify under its key epoch, that is not numbered right after the one before,
 * that does not link to it, or whose epoch did not begin as a rotation says; which records are missing
 * and since when, judged against every checkpoint that binds (none is skipped: a checkpointed record
 * that is gone is named) and the sealed head.
 */
export async function walk(db: Db, input: WalkInput): Promise<Done | Failure> {
  const done = await walkRows(db, input);
  if ("stretch" in done) throw new Error("a walk without a bound stopped before the end of the log");
  return done;
}

/**
 * At most `maxRows` records after `from` (the sweep's steps, server/audit/sweep.ts): a Stretch when the
 * log goes on after them, the walk's own verdict (the head checked) when they reach its end. Only the
 * anchors after `from` may be given.
 */
export function walkStretch(db: Db, input: WalkInput & { maxRows: number }): Promise<Done | Failure | Stretch> {
  return walkRows(db, { ...input, batchSize: input.maxRows });
}

async function walkRows(db: Db, input: WalkInput & { maxRows?: number }): Promise<Done | Failure | Stretch> {
  const { keys, accepted, checkedAt, from, batchSize, afterBatch, maxRows } = input;
  const anchors = [...input.anchors].sort((a, b) => a.lastSeq - b.lastSeq);
  const anchorsAt = new Map<number, Anchor[]>();
  for (const a of anchors) anchorsAt.set(a.lastSeq, [...(anchorsAt.get(a.lastSeq) ?? []), a]);
  const acknowledged: AcknowledgedBreak[] = [];
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
    anchor: input.anchor,
  });

  let prev = from?.headHash ?? GENESIS_HASH;
  let last: { seq: number; at: string } | null = from ? { seq: from.lastSeq, at: from.lastAt ?? from.at } : null;
  // The epoch of the last record of the current format (null: none yet), and the epoch a rotation just opened.
  let epoch: number | null = null;
  let rotatedTo: number | null = null;
  let next = 0; // the first anchor not yet reached
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
            `Record #${from.lastSeq}, the last one of the checkpoint of ${utcSecond(from.at)}, is no longer in the log as it was.`,
            row,
          );
        epoch = row.keyEpoch;
        const opened = row.action === KEYS_ROTATED_ACTION ? rotationInput.safeParse(row.input) : undefined;
        rotatedTo = opened?.success ? opened.data.toEpoch : null;
        continue;
      }
      if (!keys)
        return fail(
          "keys-missing",
          "The audit chain's keys are missing from the vault: no record can be checked.",
          row,
        );
      const where = last ? `#${last.seq} (written ${utcSecond(last.at)})` : "the start of the log";
      const gap = { from: last ? last.seq + 1 : 1, to: row.seq - 1 };
      const passable = accepted.linkBreaks.has(row.seq);
      // A checkpointed record that is gone: never passed over, whatever links around it.
      for (let a = anchors[next]; a && a.lastSeq < row.seq; a = anchors[next]) {
        next += 1;
        if (seen.has(a) || a.lastSeq === 0) continue;
        return fail(
          "inserted-or-deleted",
          `${missingText(gap.from, gap.to)}, record #${a.lastSeq} among them, which ${anchorName(a)} sealed as the last of ${a.count} records: the log goes from ${where} to #${row.seq}.`,
          row,
          { fromSeq: gap.from, toSeq: gap.to, after: last },
        );
      }
      // Numbers of the current format are given one after the other by the console: a gap is a removal.
      if (row.keyEpoch !== null && gap.to >= gap.from && (last !== null || row.seq > 1) && !passable)
        return fail(
          "inserted-or-deleted",
          `${missingText(gap.from, gap.to)}: the log goes from ${where} to #${row.seq}.`,
          row,
          { fromSeq: gap.from, toSeq: gap.to, after: last },
        );
      if (row.prevHash !== prev && passable) prev = row.prevHash;
      if (row.prevHash !== prev)
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
      const epochProblem = epochRule(row, epoch, rotatedTo, keys);
      if (epochProblem && !accepted.edited.has(row.seq)) return fail(epochProblem.problem, epochProblem.message, row);
      if (expectedSeal(keys, prev, row) !== row.hash && !accepted.edited.has(row.seq))
        return fail(
          "edited",
          `Record #${row.seq} does not carry this console's seal: it was edited after it was written, or written without the key.`,
          row,
        );
      prev = row.hash;
      count += 1;
      last = { seq: row.seq, at: new Date(row.at).toISOString() };
      if (row.keyEpoch !== null) epoch = row.keyEpoch;
      const rotation = row.action === KEYS_ROTATED_ACTION ? rotationInput.safeParse(row.input) : undefined;
      rotatedTo = rotation?.success ? rotation.data.toEpoch : null;
      const ack = accepted.bySeq.get(row.seq);
      if (ack) acknowledged.push(ack);
      for (const a of anchorsAt.get(row.seq) ?? []) {
        seen.add(a);
        if (row.hash !== a.headHash || count !== a.count)
          return fail(
            "checkpoint-mismatch",
            `The log differs from ${anchorName(a)}: it sealed ${a.count} records up to #${a.lastSeq}; the log now has ${count} up to there${row.hash !== a.headHash ? `, and record #${a.lastSeq} is not the one it sealed: records up to it were replaced` : ""}.`,
            row,
          );
      }
    }
    cursor = rows.at(-1)?.seq ?? cursor;
    await afterBatch?.();
    if (rows.length < batchSize) break;
    if (maxRows !== undefined && last)
      return {
        ok: true,
        stretch: true,
        to: { lastSeq: last.seq, headHash: prev, count, lastAt: last.at, at: checkedAt },
      };
  }
  if (startRow && from)
    return fail(
      "tail-deleted",
      `Records from #${from.lastSeq} on are missing: the checkpoint of ${utcSecond(from.at)} names #${from.lastSeq}, which is no longer in the log.`,
      undefined,
      { fromSeq: from.lastSeq, toSeq: null, after: null },
    );

  const lastSeq = last?.seq ?? 0;
  const endsAt = last ? `the log ends at #${last.seq} (written ${utcSecond(last.at)})` : "the log is empty";
  for (const a of anchors)
    if (!seen.has(a) && a.lastSeq > lastSeq)
      return fail(
        count === 0 ? "emptied" : "tail-deleted",
        `${missingText(lastSeq + 1, a.lastSeq)}: ${endsAt}, but ${anchorName(a)} names ${a.count} records up to #${a.lastSeq}.${last ? ` Every record written after ${utcSecond(last.at)} was removed.` : ""}`,
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
        { fromSeq: 1, toSeq: head && keys && checkHead(keys, head).ok ? head.lastSeq : null, after: null },
      );
    return {
      ok: true,
      count: 0,
      headHash: GENESIS_HASH,
      lastSeq: 0,
      lastAt: null,
      checkedAt,
      anchor: input.anchor,
      keyEpoch: 1,
      acknowledged,
    };
  }
  if (!keys)
    return fail("keys-missing", "The audit chain's keys are missing from the vault: no record can be checked.");
  if (!head) return fail("head-forged", `The chain's head record was deleted; ${endsAt}.`);
  const headCheck = checkHead(keys, head);
  if (!headCheck.ok)
    return fail(
      "head-forged",
      `The chain's head record cannot be trusted: ${headCheck.why}. It names ${head.count} records up to #${head.lastSeq}, and ${endsAt} after ${count}. Records may have been removed from the end; compare with a checkpoint kept outside the console.`,
    );
  const sealedUnder = epoch ?? 1;
  if (sealedUnder !== keys.current.epoch && rotatedTo !== keys.current.epoch)
    return fail(
      "epoch",
      `The vault's newest audit keys are of epoch ${keys.current.epoch}, but ${endsAt}, sealed under epoch ${sealedUnder}: the records written after the keys were rotated were removed, or replaced by records sealed with the retired keys.`,
    );
  if (head.lastHash !== prev || head.count !== count)
    return head.lastSeq > lastSeq
      ? fail(
          "tail-deleted",
          `${missingText(lastSeq + 1, head.lastSeq)}: the sealed head says ${head.count} records up to #${head.lastSeq} were written, but ${endsAt}.${last ? ` Every record written after ${utcSecond(last.at)} was removed.` : ""}`,
          undefined,
          { fromSeq: lastSeq + 1, toSeq: head.lastSeq, after: last },
        )
      : fail(
          "head-rolled-back",
          `The sealed head names ${head.count} records up to #${head.lastSeq}, but ${endsAt} after ${count}: the head was put back from an older copy.`,
        );
  return {
    ok: true,
    count,
    headHash: prev,
    lastSeq,
    lastAt: last?.at ?? null,
    checkedAt,
    anchor: input.anchor,
    keyEpoch: keys.current.epoch,
    acknowledged,
  };
}

/**
 * The order of seal formats and key epochs: records of the first format only before every record of
 * the current one; an epoch only once the vault holds its keys; and a later epoch only right after
 * the record of the rotation that began it (or an operator's acknowledgement, which is sealed under
 * the current epoch whatever the damage it records).
 */
function epochRule(
  row: Row,
  epoch: number | null,
  rotatedTo: number | null,
  keys: AuditKeys,
): { problem: Problem; message: string } | undefined {
  if (row.keyEpoch === null)
    return epoch === null
      ? undefined
      : {
          problem: "edited",
          message: `Record #${row.seq} claims the first seal format after records of the current one: it was written without the console.`,
        };
  if (!keys.epochs.has(row.keyEpoch))
    return {
      problem: "keys-missing",
      message: `Record #${row.seq} is sealed under key epoch ${row.keyEpoch}, whose keys are missing from the vault: it cannot be checked.`,
    };
  const before = epoch ?? 1;
  if (
    row.keyEpoch === before ||
    (row.keyEpoch > before && (rotatedTo === row.keyEpoch || row.action === ACKNOWLEDGE_ACTION))
  )
    return undefined;
  return {
    problem: "epoch",
    message:
      row.keyEpoch < before
        ? `Record #${row.seq} is sealed under key epoch ${row.keyEpoch}, retired before it was written: it was forged with an old key.`
        : `Record #${row.seq} is sealed under key epoch ${row.keyEpoch}, but no rotation to that epoch is on record before it.`,
  };
}
