import "server-only";
import type { Db } from "@/server/db";
import { acknowledgements } from "./acknowledgements";
import type { SignedCheckpoint } from "./checkpoint";
import { storedCheckpoints } from "./checkpoint-files";
import { storedAuditKeys } from "./keys";
import { noteWholeVerified } from "./last-verified";
import { prepareChainCheck, reportVerdict, verifyChain } from "./verify";
import { walkStretch, type Anchor, type Verified } from "./walk";

/**
 * The whole chain verified again, a stretch of records at a time, each stretch in its own short
 * read-only snapshot and each carrying on from the seal the one before ended at.
 *
 * Why: the hourly checkpoint verifies only the records added since the one before, and the settings
 * held to the chain (notification rules, case requirements, schedules) select records by action and
 * target before checking each seal. A database writer who rewrites an old record's action or target
 * takes it out of every such selection, and nothing looked at it again until someone pressed Verify.
 * The record's seal no longer holds, so the pass that reaches it finds it, and the whole walk then
 * names it and raises the chain's alarm.
 *
 * Why in stretches: on the embedded database one connection runs every statement, so a walk of the
 * whole log in one snapshot would hold every request until it ended (25,000–40,000 records a second here).
 */
export const SWEEP_ROWS = 2000;

/**
 * A whole pass: stretch after stretch of at most `maxRows` records, `pause` between them so other
 * statements get their turn. It begins with what a Verify checks before walking (the checkpoint
 * directory: foreign files, chains lost with their keys; its checkpoints are read once, here) and ends
 * with the head. On anything wrong the whole walk decides (verifyChain: the finding named for the log,
 * the alarm raised), and `ok` is its verdict.
 */
export async function sweepChain(
  db: Db,
  options: { maxRows?: number; pause?: () => Promise<void> } = {},
): Promise<{ ok: boolean; stretches: number }> {
  const prepared = await prepareChainCheck(db);
  if (prepared.early) {
    await reportVerdict(prepared.early);
    return { ok: false, stretches: 0 };
  }
  const checkpoints = (await storedCheckpoints(db)).all;
  let from: Verified | undefined;
  for (let stretches = 1; ; stretches++) {
    const result = await stretch(db, from, checkpoints, options.maxRows ?? SWEEP_ROWS);
    if (!("stretch" in result)) {
      if (!result.ok) return { ok: (await verifyChain(db)).ok, stretches };
      await noteWholeVerified({ at: result.checkedAt, by: "sweep", count: result.count, lastSeq: result.lastSeq });
      return { ok: true, stretches };
    }
    from = result.to;
    await options.pause?.();
  }
}

/** At most `maxRows` records from `from` (undefined: the first record), in a read-only snapshot of their own. */
async function stretch(db: Db, from: Verified | undefined, checkpoints: SignedCheckpoint[], maxRows: number) {
  const keys = await storedAuditKeys(db);
  const checkedAt = new Date().toISOString();
  return db.transaction(
    async (tx) => {
      const snapshot = tx as unknown as Db;
      const accepted = await acknowledgements(snapshot, keys);
      const anchors = checkpoints
        // Checkpoints made before an acknowledgement name what it acknowledged as gone (as Verify reads them).
        .filter((c) => !accepted.checkpointsBefore || c.at >= accepted.checkpointsBefore)
        .filter((c) => !from || c.lastSeq > from.lastSeq)
        .map((c): Anchor => ({
          source: "directory",
          lastSeq: c.lastSeq,
          count: c.count,
          at: c.at,
          headHash: c.headHash,
        }));
      return walkStretch(snapshot, {
        keys,
        anchors,
        anchor: null,
        accepted,
        checkedAt,
        ...(from ? { from } : {}),
        batchSize: maxRows,
        maxRows,
      });
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
