import "server-only";
import { performance } from "node:perf_hooks";
import type { Logger } from "pino";
import type { Db } from "@/server/db/client";
import { jobRunDuration, measure } from "@/server/ops/metrics";
import { inSpan } from "@/server/ops/spans";
import { GENERIC_FAILURE, isJobError, safeFailureMessage, UNREADABLE_CHECKPOINT, JobInterruptedError } from "./errors";
import { ProgressMeter } from "./progress-meter";
import { RunLease } from "./run-lease";
import type { JobTiming } from "./timing";
import type { JobContext, JobDefinition, JobRun } from "./types";

export interface DriverDeps {
  db: Db;
  timing: JobTiming;
  instanceId: string;
  log: Logger;
  /** Sends the run to the queue again (after a retryable error, or when this instance stops). */
  redispatch(runId: string, kind: string, delaySeconds: number): Promise<void>;
}

const PARAMS_CHANGED = "The job's parameters are no longer valid for this version of the console.";

/**
 * Drives one claimed run from its last checkpoint to an ending. What the job's `run` returns or
 * throws after its signal aborted is discarded: the interruption decides the ending (cancelled,
 * handed back to the queue at shutdown, or nothing at all when the lease was lost).
 */
export async function driveRun(
  deps: DriverDeps,
  definition: JobDefinition,
  claimed: JobRun,
  claimSentAt: number,
  onLease: (lease: RunLease) => void,
): Promise<void> {
  const { log } = deps;
  const runLog = log.child({ runId: claimed.id, kind: claimed.kind, attempt: claimed.attempts });
  const meter = new ProgressMeter(
    deps.timing.rateWindowMs,
    { done: claimed.progressDone, total: claimed.progressTotal, message: claimed.message },
    Date.now(),
  );
  const lease = new RunLease(
    deps.db,
    deps.timing,
    { runId: claimed.id, owner: deps.instanceId, attempt: claimed.attempts },
    meter,
    runLog,
  );
  lease.start(claimSentAt);
  onLease(lease);

  const params = definition.params.safeParse(claimed.params);
  if (!params.success) {
    runLog.error({ issues: params.error.issues.length }, "stored job parameters no longer parse");
    await lease.finish({ status: "failed", error: PARAMS_CHANGED });
    return;
  }
  const checkpoint = readCheckpoint(definition, claimed.checkpoint);
  if (!checkpoint.ok) {
    runLog.error("stored job checkpoint no longer parses");
    await lease.finish({ status: "failed", error: UNREADABLE_CHECKPOINT });
    return;
  }

  const ctx: JobContext<unknown, unknown> = {
    runId: claimed.id,
    params: params.data,
    checkpoint: checkpoint.value,
    attempt: claimed.attempts,
    signal: lease.signal,
    progress: (report) => meter.report(report, Date.now()),
    async saveCheckpoint(state, report) {
      if (report) meter.report(report, Date.now());
      await lease.checkpoint(toJson(state));
    },
  };

  let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
  const ranFrom = performance.now();
  try {
    const result = await inSpan(
      `job ${claimed.kind}`,
      { attributes: { "job.kind": claimed.kind, "job.run_id": claimed.id, "job.attempt": claimed.attempts } },
      () => definition.run(ctx),
    );
    outcome = { ok: true, result: toJson(result) };
  } catch (error) {
    outcome = { ok: false, error };
  }

  const interrupted = lease.interruptedBy;
  const ending = interrupted ?? (outcome.ok ? "succeeded" : "error");
  measure(() => jobRunDuration().observe({ kind: claimed.kind, ending }, (performance.now() - ranFrom) / 1000));
  if (interrupted === "lease-lost") {
    runLog.warn("job run lost its lease; another instance continues it");
    return;
  }
  if (interrupted === "cancelled") {
    await lease.finish({ status: "cancelled" });
    runLog.info("job run cancelled");
    return;
  }
  if (interrupted === "shutdown") {
    const status = await lease.release();
    if (status === "queued") await deps.redispatch(claimed.id, claimed.kind, 0);
    runLog.info({ status }, "job run handed back at shutdown");
    return;
  }
  if (outcome.ok) {
    const recorded = await lease.finish({ status: "succeeded", result: outcome.result });
    runLog.info({ recorded }, "job run succeeded");
    return;
  }
  await endWithError(deps, definition, claimed, lease, runLog, outcome.error);
}

async function endWithError(
  deps: DriverDeps,
  definition: JobDefinition,
  claimed: JobRun,
  lease: RunLease,
  runLog: Logger,
  error: unknown,
) {
  const message = safeFailureMessage(error);
  // Raw exception text stays in the server log, never on the run row.
  if (isJobError(error)) runLog.warn({ err: error }, "job run failed with a job error");
  else runLog.error({ err: error }, "job run failed unexpectedly");
  const retryable = isJobError(error) ? error.retry : !(error instanceof JobInterruptedError);
  if (retryable && claimed.attempts < definition.maxAttempts) {
    const status = await lease.release(message);
    if (status === "queued") await deps.redispatch(claimed.id, claimed.kind, definition.retryDelaySeconds);
    return;
  }
  await lease.finish({ status: "failed", error: message || GENERIC_FAILURE });
}

function readCheckpoint(definition: JobDefinition, stored: unknown): { ok: true; value: unknown } | { ok: false } {
  if (stored === null || stored === undefined) return { ok: true, value: undefined };
  if (!definition.checkpoint) return { ok: true, value: stored };
  const parsed = definition.checkpoint.safeParse(stored);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

/** What will be stored as jsonb, checked here so a value JSON cannot hold fails the job, not the write. */
function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}
