import "server-only";
import { z } from "zod";
import type { Db } from "@/server/db/client";
import { JOB_RUN_STATUSES } from "@/server/db/schema";
import { AppError, notFound } from "@/server/errors";
import { tooManyRuns } from "./per-person";
import { getJobDefinition } from "./registry";
import { countedRuns, insertRun, requestCancel, selectRun, selectRuns } from "./store";
import { jobActorSchema, type JobActor, type JobDefinition, type JobRun, type PerPersonLimit } from "./types";

/** The callers' operations on runs, against a given database; index.ts binds them to the console's. */

export interface StartOptions {
  /**
   * A second start with the same key while a run of this kind holds it returns that run (whoever
   * started it, and never refused by the kind's per-person limit).
   */
  singletonKey?: string;
  startedBy: JobActor;
}

const startOptionsSchema = z.object({
  singletonKey: z.string().min(1).max(200).optional(),
  startedBy: jobActorSchema,
});

export async function createRun(
  db: Db,
  job: JobDefinition | string,
  params: unknown,
  options: StartOptions,
): Promise<{ run: JobRun; created: boolean }> {
  const definition = typeof job === "string" ? getJobDefinition(job) : job;
  if (!definition) throw notFound(`The job kind "${String(job)}"`);
  const parsed = definition.params.safeParse(params);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join(".") || "params", i.message]));
    throw new AppError("VALIDATION", "The job's parameters are not valid.", fields);
  }
  const opts = startOptionsSchema.parse(options);
  const limit = definition.perPersonLimit as PerPersonLimit<unknown> | undefined;
  const outcome = await insertRun(db, {
    kind: definition.kind,
    params: parsed.data,
    singletonKey: opts.singletonKey,
    startedBy: opts.startedBy,
    perPersonMax: limit?.max,
  });
  if ("refusedFor" in outcome)
    throw await tooManyRuns(definition, limit as PerPersonLimit<unknown>, outcome.refusedFor);
  return outcome;
}

/**
 * Refuses (TOO_MANY_RUNS, as createRun would) when the person has no place left for a run of this
 * kind: for a caller that must know before it does what the run will follow (a replay is sent before
 * the run that follows its receipts can be started). Only a forecast: createRun decides, atomically.
 */
export async function checkRoomForRun(db: Db, job: JobDefinition, startedById: string): Promise<void> {
  const limit = job.perPersonLimit as PerPersonLimit<unknown> | undefined;
  if (!limit) return;
  const mine = await countedRuns(db, job.kind, startedById);
  if (mine.length >= limit.max) throw await tooManyRuns(job, limit, mine);
}

const runIdSchema = z.uuid();

export async function getRun(db: Db, runId: string): Promise<JobRun | undefined> {
  const id = runIdSchema.safeParse(runId);
  return id.success ? selectRun(db, id.data) : undefined;
}

export const listRunsSchema = z.object({
  kind: z.string().min(1).max(100).optional(),
  /** A user id: the runs that user started. */
  startedBy: z.string().min(1).max(200).optional(),
  status: z.enum(JOB_RUN_STATUSES).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ListRunsFilter = z.input<typeof listRunsSchema>;

export async function listRuns(db: Db, filter: ListRunsFilter = {}): Promise<JobRun[]> {
  const f = listRunsSchema.parse(filter);
  return selectRuns(db, { kind: f.kind, startedById: f.startedBy, status: f.status, limit: f.limit });
}

/**
 * Cancels a queued run at once, or asks the running one to stop; returns the run as it is now.
 * A run that already ended is returned unchanged.
 */
export async function cancelRun(db: Db, runId: string, by: JobActor): Promise<JobRun> {
  const id = runIdSchema.safeParse(runId);
  if (!id.success) throw notFound("The job run");
  const actor = jobActorSchema.parse(by);
  const updated = await requestCancel(db, id.data, actor);
  if (updated) return updated;
  const existing = await selectRun(db, id.data);
  if (!existing) throw notFound("The job run");
  return existing;
}
