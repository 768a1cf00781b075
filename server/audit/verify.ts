import "server-only";
import type { Db } from "@/server/db";
import { auditVerifications, measure } from "@/server/ops/metrics";
import { acknowledgements } from "./acknowledgements";
import { raiseChainAlarm } from "./alarm";
import { checkpointIsAuthentic, type Checkpoint, type SignedCheckpoint } from "./checkpoint";
import { storedCheckpoints } from "./checkpoint-files";
import { storedAuditKeys } from "./keys";
import { noteWholeVerified } from "./last-verified";
import { describeChain, otherChains } from "./other-chains";
import type { ChainVerdict, CheckpointCheck, ClosedChain, Failure, Problem } from "./verdict";
import { walk, type Anchor } from "./walk";

export type { ChainVerdict } from "./verdict";

export interface VerifyOptions {
  /** A checkpoint downloaded earlier: the log must still contain exactly what it named. */
  checkpoint?: Checkpoint;
  /** Continue from a checkpoint already verified instead of the first record (the scheduled checkpoints). */
  from?: SignedCheckpoint;
  /** Hold the log to the checkpoint directory's checkpoints and look for other chains there (default true). */
  useStoredCheckpoints?: boolean;
  batchSize?: number;
  /** Test hook: runs between batches (to append concurrently and prove the snapshot holds). */
  afterBatch?: () => Promise<void>;
}

/**
 * Verifies the chain inside one REPEATABLE READ snapshot, so records appended while it runs are
 * neither half-seen nor reported as a broken tail. A chain found broken raises the alarm (appends
 * stop everywhere until an operator acknowledges it); Verify itself keeps working on a broken
 * chain, since it is how an administrator learns what broke.
 */
export async function verifyChain(db: Db, options: VerifyOptions = {}): Promise<ChainVerdict> {
  const prepared = await prepareChainCheck(db, options);
  const verdict = await db.transaction((tx) => checkPreparedChain(tx as unknown as Db, prepared), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
  await reportVerdict(verdict, options);
  return verdict;
}

/**
 * Counts the verdict and, when it is about the log, raises the alarm. Outside any snapshot: the alarm
 * writes, and PGlite runs one statement at a time, so a write awaited inside a transaction would wait
 * for that transaction forever.
 */
export async function reportVerdict(verdict: ChainVerdict, options: VerifyOptions = {}): Promise<void> {
  measure(() => auditVerifications().inc({ verdict: verdict.ok ? "ok" : "broken" }));
  // A whole walk held to the checkpoint directory verified (not a pass from a checkpoint on).
  if (verdict.ok && !options.from && options.useStoredCheckpoints !== false)
    await noteWholeVerified({ at: verdict.checkedAt, by: "verify", count: verdict.count, lastSeq: verdict.lastSeq });
  // A checkpoint file the reviewer brought that is not authentic says nothing about the log, and a
  // pass from a checkpoint on is a shortcut: when it fails, the whole walk decides.
  const aboutTheLog = !verdict.ok && !options.from && !(verdict.problem === "checkpoint-invalid" && options.checkpoint);
  if (aboutTheLog) await raiseChainAlarm({ problem: verdict.problem, message: verdict.message }).catch(() => undefined);
}

/** What the walk needs that is read outside the snapshot: the keys (whose upgrade may write), checkpoints, other chains. */
export type PreparedCheck = { early: Failure } | { early?: undefined; run: (tx: Db) => Promise<ChainVerdict> };

/**
 * The walk in a REPEATABLE READ snapshot the caller holds (the audit export reads what it verified in
 * the same snapshot): everything read through `db` was read before it, in prepareChainCheck, and
 * nothing inside uses anything but `tx`. Report the verdict with reportVerdict after the snapshot ends.
 */
export async function checkPreparedChain(tx: Db, prepared: PreparedCheck): Promise<ChainVerdict> {
  return prepared.early ?? prepared.run(tx);
}

export async function prepareChainCheck(db: Db, options: VerifyOptions = {}): Promise<PreparedCheck> {
  const checkedAt = new Date().toISOString();
  // Keys and checkpoints are read before the read-only snapshot begins (the keys' upgrade may write).
  const keys = await storedAuditKeys(db);
  const useStored = options.useStoredCheckpoints !== false;
  const stored = useStored ? await storedCheckpoints(db) : { all: [], invalid: [] };
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
  const anchors: Anchor[] = [];
  if (options.checkpoint) {
    const authentic = await checkpointIsAuthentic(db, options.checkpoint);
    if (!authentic.ok) return { early: early("checkpoint-invalid", authentic.message) };
    anchors.push({ source: "uploaded", ...pick(options.checkpoint) });
  }
  const [firstInvalid] = stored.invalid;
  if (firstInvalid)
    return {
      early: early(
        "checkpoint-invalid",
        `The checkpoint directory holds ${firstInvalid.file}, which is not an authentic checkpoint of this log (${firstInvalid.message}): someone wrote there.`,
      ),
    };
  const others = useStored ? await otherChains(db, keys?.chainId) : [];
  const lost = others.filter((c) => !c.closed);
  if (lost.length > 0)
    return {
      early: early(
        "chain-lost",
        keys
          ? `The checkpoint directory holds ${lost.map(describeChain).join(" and ")}, never closed: that chain's records were removed together with its keys, and this one began without an acknowledgement.`
          : `The audit log and its keys are gone: the checkpoint directory holds ${lost.map(describeChain).join(" and ")}, never closed, and this database has no chain. Every record it named was removed, with the keys that sealed them.`,
      ),
    };

  const run = async (tx: Db): Promise<ChainVerdict> => {
    const accepted = await acknowledgements(tx, keys);
    // Checkpoints made before an acknowledgement name what it acknowledged as gone.
    const binds = (c: { at: string }) => !accepted.checkpointsBefore || c.at >= accepted.checkpointsBefore;
    const directory = stored.all
      .filter(binds)
      .filter((c) => !options.from || c.lastSeq > options.from.lastSeq)
      .map((c): Anchor => ({ source: "directory", ...pick(c) }));
    const done = await walk(tx, {
      keys,
      anchors: [...anchors, ...directory],
      anchor: newest && binds(newest) ? anchor : null,
      accepted,
      checkedAt,
      ...(options.from ? { from: options.from } : {}),
      batchSize: options.batchSize ?? 2000,
      ...(options.afterBatch ? { afterBatch: options.afterBatch } : {}),
    });
    if (!done.ok) return done;
    return {
      ...done,
      checkpointsChecked: directory.length,
      closedChains: others.flatMap((c): ClosedChain[] =>
        c.closed
          ? [
              {
                chainId: c.chainId,
                reason: c.closed.reason,
                lastSeq: c.closed.lastSeq,
                count: c.closed.count,
                closedAt: c.closed.at,
              },
            ]
          : [],
      ),
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
  };
  return { run };
}

const pick = (c: Checkpoint) => ({ lastSeq: c.lastSeq, count: c.count, at: c.at, headHash: c.headHash });
