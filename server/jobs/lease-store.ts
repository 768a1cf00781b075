import "server-only";
import { and, eq, gt, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { jobRuns } from "@/server/db/schema";
import { INTERRUPTED_TOO_OFTEN } from "./errors";
import type { ProgressSnapshot } from "./progress-meter";
import type { JobRun } from "./types";

/**
 * The driver's side of the run rows. Every write a driver makes names its fence (owner instance and
 * attempt number) and requires a live lease, in the same UPDATE: a driver whose run was taken over
 * writes nothing, and learns so from the empty result.
 */

export interface Fence {
  runId: string;
  owner: string;
  attempt: number;
}

const leaseUntil = (leaseMs: number) => sql`now() + (${Math.round(leaseMs)}::integer * interval '1 millisecond')`;

function fenced(fence: Fence): SQL | undefined {
  return and(
    eq(jobRuns.id, fence.runId),
    eq(jobRuns.ownerInstance, fence.owner),
    eq(jobRuns.attempts, fence.attempt),
    eq(jobRuns.status, "running"),
    gt(jobRuns.leaseExpiresAt, sql`now()`),
  );
}

function progressColumns(p: ProgressSnapshot) {
  return {
    progressDone: p.done,
    progressTotal: p.total,
    ratePerSecond: p.rate,
    etaSeconds: p.eta,
    message: p.message,
  };
}

/**
 * Takes a run for this instance: a queued run, or a running one whose lease lapsed (its owner died
 * before any sweep noticed). A run with a cancel request is never claimed; the sweep ends it.
 */
export async function claimRun(
  db: Db,
  runId: string,
  owner: string,
  leaseMs: number,
  maxStarts: number,
): Promise<JobRun | undefined> {
  const [row] = await db
    .update(jobRuns)
    .set({
      status: "running",
      ownerInstance: owner,
      leaseExpiresAt: leaseUntil(leaseMs),
      attempts: sql`${jobRuns.attempts} + 1`,
      startedAt: sql`coalesce(${jobRuns.startedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(jobRuns.id, runId),
        sql`${jobRuns.cancelRequestedAt} is null`,
        or(
          eq(jobRuns.status, "queued"),
          and(eq(jobRuns.status, "running"), lt(jobRuns.leaseExpiresAt, sql`now()`), lt(jobRuns.attempts, maxStarts)),
        ),
      ),
    )
    .returning();
  return row;
}

/** Renews the lease and writes buffered progress; undefined when the run is no longer ours. */
export async function renewLease(
  db: Db,
  fence: Fence,
  leaseMs: number,
  progress: ProgressSnapshot | undefined,
): Promise<{ cancelRequested: boolean } | undefined> {
  const [row] = await db
    .update(jobRuns)
    .set({ leaseExpiresAt: leaseUntil(leaseMs), updatedAt: sql`now()`, ...(progress ? progressColumns(progress) : {}) })
    .where(fenced(fence))
    .returning({ cancelRequestedAt: jobRuns.cancelRequestedAt });
  return row ? { cancelRequested: row.cancelRequestedAt !== null } : undefined;
}

export async function writeCheckpoint(
  db: Db,
  fence: Fence,
  checkpoint: unknown,
  progress: ProgressSnapshot,
): Promise<boolean> {
  const rows = await db
    .update(jobRuns)
    .set({ checkpoint: checkpoint ?? null, updatedAt: sql`now()`, ...progressColumns(progress) })
    .where(fenced(fence))
    .returning({ id: jobRuns.id });
  return rows.length === 1;
}

export type Ending =
  { status: "succeeded"; result: unknown } | { status: "failed"; error: string } | { status: "cancelled" };

export async function finishRun(db: Db, fence: Fence, ending: Ending, progress: ProgressSnapshot): Promise<boolean> {
  const rows = await db
    .update(jobRuns)
    .set({
      status: ending.status,
      result: ending.status === "succeeded" ? (ending.result ?? null) : null,
      error: ending.status === "failed" ? ending.error : ending.status === "succeeded" ? null : sql`${jobRuns.error}`,
      finishedAt: sql`now()`,
      ownerInstance: null,
      leaseExpiresAt: null,
      updatedAt: sql`now()`,
      ...progressColumns(progress),
    })
    .where(fenced(fence))
    .returning({ id: jobRuns.id });
  return rows.length === 1;
}

/**
 * Gives a run back to the queue (a retry after an error, or this instance shutting down), keeping
 * its checkpoint. A run whose cancel was requested meanwhile ends as cancelled instead.
 */
export async function releaseRun(
  db: Db,
  fence: Fence,
  progress: ProgressSnapshot,
  error?: string,
): Promise<JobRun["status"] | undefined> {
  const cancelled = sql`${jobRuns.cancelRequestedAt} is not null`;
  const [row] = await db
    .update(jobRuns)
    .set({
      status: sql`case when ${cancelled} then 'cancelled' else 'queued' end`,
      finishedAt: sql`case when ${cancelled} then now() else null end`,
      ownerInstance: null,
      leaseExpiresAt: null,
      updatedAt: sql`now()`,
      ...(error === undefined ? {} : { error }),
      ...progressColumns(progress),
    })
    .where(fenced(fence))
    .returning({ status: jobRuns.status });
  return row?.status;
}

/**
 * Ends the lease of every running run whose lease lapsed (its owner died or stalled): back to the
 * queue, or cancelled if that was asked, or failed after `maxStarts` starts. With `allOrphans`
 * (PGlite, where only one process can have the database open) every run not owned by `owner` is
 * an orphan, whatever its lease says.
 */
export async function sweepLapsedLeases(
  db: Db,
  options: { maxStarts: number; allOrphansOf?: string },
): Promise<{ id: string; kind: string; status: JobRun["status"] }[]> {
  const cancel = sql`${jobRuns.cancelRequestedAt} is not null`;
  const exhausted = sql`${jobRuns.attempts} >= ${options.maxStarts}::integer`;
  return db
    .update(jobRuns)
    .set({
      status: sql`case when ${cancel} then 'cancelled' when ${exhausted} then 'failed' else 'queued' end`,
      error: sql`case when not (${cancel}) and ${exhausted} then ${INTERRUPTED_TOO_OFTEN} else ${jobRuns.error} end`,
      finishedAt: sql`case when ${cancel} or ${exhausted} then now() else null end`,
      ownerInstance: null,
      leaseExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(jobRuns.status, "running"),
        options.allOrphansOf === undefined
          ? lt(jobRuns.leaseExpiresAt, sql`now()`)
          : sql`${jobRuns.ownerInstance} is distinct from ${options.allOrphansOf}`,
      ),
    )
    .returning({ id: jobRuns.id, kind: jobRuns.kind, status: jobRuns.status });
}

/** Queued runs that have waited longer than a dispatch should take: their message may be lost. */
export async function selectWaitingRuns(
  db: Db,
  kinds: string[],
  olderThanMs: number,
): Promise<{ id: string; kind: string }[]> {
  if (kinds.length === 0) return [];
  return db
    .select({ id: jobRuns.id, kind: jobRuns.kind })
    .from(jobRuns)
    .where(
      and(
        eq(jobRuns.status, "queued"),
        inArray(jobRuns.kind, kinds),
        lt(jobRuns.updatedAt, sql`now() - (${Math.round(olderThanMs)}::integer * interval '1 millisecond')`),
      ),
    )
    .limit(500);
}
