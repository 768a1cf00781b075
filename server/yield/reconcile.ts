import "server-only";
import { and, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { ReconcileFinding, Reconciliation } from "@/lib/yield/runs";
import { getDb, tables, type Db } from "@/server/db";
import { getEnv } from "@/server/env";
import { isAppError } from "@/server/errors";
import { defineJob, startJob } from "@/server/jobs";
import { logger } from "@/server/log";
import { chainRpc } from "@/server/wallets/chain-rpc";
import { history } from "./reads";
import type { YieldRunRow, YieldStepRow } from "./runs-store";

const runs = tables.yieldRuns;
const steps = tables.yieldRunSteps;
const jobs = tables.jobRuns;

/**
 * A run found stuck is checked again after this long, not at every pass: its chain and provider
 * facts change slowly, and a console keeps failed runs until someone retries or abandons them.
 */
export const RECHECK_MS = 10 * 60_000;

/**
 * A run that changed status this recently is not judged orphaned: starting or retrying one sets it
 * running before its job is registered (startJob, then the job's id on the run), and a pass between
 * the two saw no job and failed a run that was starting (seen in a run under load).
 */
export const ORPHAN_GRACE_MS = 2 * 60_000;

export interface ReconcileOutcome {
  /** Runs looked at (failed, or running without a live job). */
  scanned: number;
  /** Runs with a finding now. */
  flagged: number;
  /** Runs whose earlier finding no longer stands. */
  cleared: number;
}

/**
 * One pass of the reconciler: the yield runs that may be stuck, each checked against the chain.
 * - A run left "running" by a job that ended (failed, cancelled, or gone) is failed with that reason,
 *   so the page offers Retry and Abandon; not within ORPHAN_GRACE_MS of its last change of status.
 * - A step whose transaction hash is recorded but was never reported to the provider is looked up on
 *   the chain (receipt: mined and how, or not found); Retry reports it without signing again.
 * Findings are kept on the run (`reconciliation`) for its page; a run that moved on is cleared. Only
 * runs that are failed or orphaned, and not checked within RECHECK_MS, are read, by one query, so a
 * thousand settled runs cost nothing beyond it; each run checked costs a receipt lookup per
 * unreported step and one read of the provider's actions.
 */
export async function reconcileRuns(now = new Date()): Promise<ReconcileOutcome> {
  const db = await getDb();
  const cleared = await db
    .update(runs)
    .set({ reconciliation: null })
    .where(and(isNotNull(runs.reconciliation), inArray(runs.status, ["succeeded", "abandoned", "preview"])))
    .returning({ id: runs.id });
  const candidates = await db
    .select({ run: runs, jobStatus: jobs.status })
    .from(runs)
    .leftJoin(jobs, eq(jobs.id, runs.jobRunId))
    .where(
      and(
        or(
          eq(runs.status, "failed"),
          and(
            eq(runs.status, "running"),
            or(isNull(jobs.status), notInArray(jobs.status, ["queued", "running"])),
            lt(runs.updatedAt, new Date(now.getTime() - ORPHAN_GRACE_MS)),
          ),
        ),
        // Checked lately: left alone until the recheck period passes (a run that moves on is cleared above).
        or(
          isNull(runs.reconciliation),
          sql`(${runs.reconciliation}->>'checkedAt')::timestamptz < ${new Date(now.getTime() - RECHECK_MS).toISOString()}::timestamptz`,
        ),
      ),
    );
  let flagged = 0;
  for (const { run, jobStatus } of candidates) {
    try {
      const findings = await check(db, run, jobStatus);
      const reconciliation: Reconciliation | null =
        findings.length > 0 ? { checkedAt: now.toISOString(), findings } : null;
      if (findings.length > 0) flagged++;
      await db.update(runs).set({ reconciliation }).where(eq(runs.id, run.id));
    } catch (error) {
      logger.warn({ err: error, yieldRunId: run.id }, "the reconciler could not check a yield run");
    }
  }
  return { scanned: candidates.length, flagged, cleared: cleared.length };
}

async function check(db: Db, run: YieldRunRow, jobStatus: string | null): Promise<ReconcileFinding[]> {
  const rows = (await db.select().from(steps).where(eq(steps.runId, run.id))).sort((a, b) => a.stepIndex - b.stepIndex);
  const findings: ReconcileFinding[] = [];
  if (run.status === "running") {
    const at = rows.find((s) => s.phase !== "confirmed" && s.phase !== "skipped");
    const why = `The job driving this run ended (${jobStatus ?? "gone"}) without finishing it; found by the reconciler.`;
    // Failed only if still running (a job that resumed meanwhile wins).
    await db
      .update(runs)
      .set({ status: "failed", error: why, updatedAt: new Date() })
      .where(and(eq(runs.id, run.id), eq(runs.status, "running")));
    if (at)
      await db
        .update(steps)
        .set({ phase: "failed", failedPart: at.transactionHash ? (at.reportedAt ? "confirm" : "report") : "sign" })
        .where(and(eq(steps.runId, run.id), eq(steps.stepIndex, at.stepIndex), sql`${steps.phase} <> 'confirmed'`));
    findings.push({
      stepIndex: at?.stepIndex ?? 0,
      kind: "orphaned-run",
      transactionHash: at?.transactionHash ?? null,
      onChain: null,
      message: why,
    });
  } else {
    // A run this reconciler failed earlier keeps saying why until it is retried or abandoned.
    findings.push(...(run.reconciliation?.findings ?? []).filter((f) => f.kind === "orphaned-run"));
  }
  for (const step of rows.filter(unreported)) findings.push(await unreportedFinding(run, step));
  const stale = await staleAction(run);
  if (stale) findings.push(stale);
  return findings;
}

const unreported = (s: YieldStepRow) => s.transactionHash !== null && s.reportedAt === null;

async function unreportedFinding(run: YieldRunRow, step: YieldStepRow): Promise<ReconcileFinding> {
  const hash = step.transactionHash as string;
  let onChain: ReconcileFinding["onChain"] = null;
  let message: string;
  try {
    const receipt = await chainRpc(run.chainId).receipt(hash);
    onChain = receipt
      ? { status: receipt.status === "0x1" ? "success" : "reverted", blockNumber: Number(receipt.blockNumber) }
      : null;
    message = receipt
      ? `Step ${step.stepIndex + 1}'s transaction is on the chain (block ${onChain?.blockNumber}, ${onChain?.status}) but the provider was never told: Retry reports it, nothing is signed again.`
      : `Step ${step.stepIndex + 1} was signed (hash recorded) but the chain does not have the transaction: Retry waits for it and reports it once mined; nothing is signed again for its nonce.`;
  } catch (error) {
    message = `Step ${step.stepIndex + 1} was never reported; the chain could not be asked (${isAppError(error) ? error.userMessage : "no answer"}).`;
  }
  return { stepIndex: step.stepIndex, kind: "unreported", transactionHash: hash, onChain, message };
}

/** Provider statuses after which an action takes no more reports. */
const GIVEN_UP = new Set(["STALE", "CANCELED", "FAILED"]);

/**
 * The provider's word on the run's action (its actions listing for the client's address, where it is
 * brought up to date): one it gave up on (STALE, CANCELED, FAILED) cannot be reported to, so a retry
 * would stop at report again; the run is to be abandoned and the action previewed anew.
 */
async function staleAction(run: YieldRunRow): Promise<ReconcileFinding | null> {
  if (!run.actionId) return null;
  try {
    const { items } = await history(run.clientId);
    const action = items.find((a) => a.id === run.actionId);
    if (!action?.status || !GIVEN_UP.has(action.status)) return null;
    return {
      stepIndex: 0,
      kind: "stale-action",
      transactionHash: null,
      onChain: null,
      message: `The provider's action is ${action.status}: it takes no more reports, so a retry would stop again. Abandon this run and preview the action anew (what is already confirmed stays on the chain).`,
    };
  } catch (error) {
    logger.warn({ err: error, yieldRunId: run.id }, "the reconciler could not read the provider's action");
    return null;
  }
}

const RECONCILE_KIND = "yield.reconcile";

/**
 * How long a pass that went well is kept after it ended: a day of them (288 at the default five
 * minutes). A pass every few minutes on every deployment would otherwise grow the job runs table for
 * ever; failed passes are kept, since they say why.
 */
export const KEEP_PASSES_MS = 24 * 3_600_000;

/** Deletes the reconciler's passes that succeeded more than KEEP_PASSES_MS ago; returns how many. */
export async function pruneFinishedPasses(now = new Date()): Promise<number> {
  const db = await getDb();
  const gone = await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.kind, RECONCILE_KIND),
        eq(jobs.status, "succeeded"),
        lt(jobs.finishedAt, new Date(now.getTime() - KEEP_PASSES_MS)),
      ),
    )
    .returning({ id: jobs.id });
  return gone.length;
}

/** The reconciler as a durable job: one pass at a time across every instance (a singleton run). */
export const reconcileJob = defineJob({
  kind: RECONCILE_KIND,
  params: z.object({}),
  maxAttempts: 1,
  run: async () => {
    const outcome = await reconcileRuns();
    return { ...outcome, pruned: await pruneFinishedPasses() };
  },
});

const SYSTEM = { id: "system:reconciler", email: "reconciler@console" };

/** Every instance asks for a pass every CONSOLE_RECONCILE_SECONDS; a pass already going is joined, not repeated. */
export function startReconcileSchedule(): () => void {
  const every = getEnv().CONSOLE_RECONCILE_SECONDS * 1000;
  const timer = setInterval(() => {
    startJob(reconcileJob, {}, { singletonKey: "yield-reconcile", startedBy: SYSTEM }).catch((error: unknown) =>
      logger.warn({ err: error }, "the yield reconciler could not be started"),
    );
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}
