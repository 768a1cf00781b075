import "server-only";
import { getDbHandle } from "@/server/db";
import { keptRead } from "@/server/db/kept-reads";
import {
  cancelRun,
  checkRoomForRun,
  createRun,
  getRun,
  listRuns,
  type ListRunsFilter,
  type StartOptions,
} from "./operations";
import { JobRuntime, type JobRuntimeOptions } from "./runtime";
import type { JobActor, JobDefinition, JobRun } from "./types";

/**
 * Durable jobs on pg-boss. A job kind is defined once with `defineJob`; `startJob` queues a run
 * (one row in `job_runs`), and the workers of whichever console instance claims it drive it,
 * reporting progress and checkpoints into that row. See runtime.ts and run-lease.ts for how runs
 * survive an instance dying.
 */
export { defineJob } from "./registry";
export { JobError, JobInterruptedError } from "./errors";
export { JobRuntime, type JobRuntimeOptions } from "./runtime";
export type { JobActor, JobContext, JobDefinition, JobRun, ProgressReport } from "./types";
export type { ListRunsFilter, StartOptions } from "./operations";

// One runtime per process, on globalThis for the same reason as the database handle.
const globalForJobs = globalThis as unknown as { consoleJobRuntime?: JobRuntime };

/**
 * Starts this instance's workers for every kind defined so far (and later ones as they are used).
 * Import the modules that define job kinds before calling it.
 */
export async function startJobWorkers(options: Omit<JobRuntimeOptions, "handle"> = {}): Promise<JobRuntime> {
  const existing = globalForJobs.consoleJobRuntime;
  if (existing) return existing;
  const runtime = new JobRuntime({ ...options, handle: await getDbHandle() });
  globalForJobs.consoleJobRuntime = runtime;
  try {
    await runtime.start();
  } catch (error) {
    globalForJobs.consoleJobRuntime = undefined;
    throw error;
  }
  return runtime;
}

/** This instance's job workers: "running" while they take runs, otherwise why not. */
export function jobWorkersState(): "running" | "not running" {
  return globalForJobs.consoleJobRuntime?.running ? "running" : "not running";
}

/** Hands this instance's runs back to the queue (they resume elsewhere from their checkpoints) and stops. */
export async function stopJobWorkers(): Promise<void> {
  const runtime = globalForJobs.consoleJobRuntime;
  globalForJobs.consoleJobRuntime = undefined;
  await runtime?.stop();
}

/**
 * Queues a run, or returns the queued/running run that holds `singletonKey`. Without workers in
 * this process the run waits in the table until some instance's sweep sends it on.
 */
export async function startJob(
  job: JobDefinition | string,
  params: unknown,
  options: StartOptions,
): Promise<{ run: JobRun; created: boolean }> {
  const runtime = globalForJobs.consoleJobRuntime;
  if (runtime?.running) return runtime.startJob(job, params, options);
  return createRun((await getDbHandle()).db, job, params, options);
}

/** Refuses with TOO_MANY_RUNS, naming the runs, when starting a run of this kind now would be (operations.ts). */
export async function checkRoomForJob(job: JobDefinition, startedById: string): Promise<void> {
  return checkRoomForRun((await getDbHandle()).db, job, startedById);
}

export async function cancelJob(runId: string, by: JobActor): Promise<JobRun> {
  const runtime = globalForJobs.consoleJobRuntime;
  if (runtime?.running) return runtime.cancelJob(runId, by);
  return cancelRun((await getDbHandle()).db, runId, by);
}

export async function getJobRun(runId: string): Promise<JobRun | undefined> {
  return getRun((await getDbHandle()).db, runId);
}

export function listJobRuns(filter: ListRunsFilter = {}): Promise<JobRun[]> {
  return keptRead(
    ["job_runs"],
    `job runs ${JSON.stringify(filter)}`,
    async (db) => ({ value: await listRuns(db, filter) }),
    "pages",
  );
}
