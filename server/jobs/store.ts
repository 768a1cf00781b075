import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { jobRuns } from "@/server/db/schema";
import type { JobActor, JobRun } from "./types";

/** The run rows as callers see them: create, read, list, cancel. The driver's side is lease-store.ts. */

const ACTIVE = ["queued", "running"] as const;

export interface NewRun {
  kind: string;
  params: unknown;
  singletonKey?: string;
  startedBy: JobActor;
}

/**
 * Inserts a queued run, unless a run of the same kind with the same singleton key is queued or
 * running: then that run is returned (the partial unique index decides, so two instances racing
 * with the same key still make one run).
 */
export async function insertRun(db: Db, run: NewRun): Promise<{ run: JobRun; created: boolean }> {
  // A few rounds: the run holding the key may finish between our insert and our read.
  for (let round = 0; round < 5; round++) {
    const [inserted] = await db
      .insert(jobRuns)
      .values({
        kind: run.kind,
        params: run.params ?? null,
        singletonKey: run.singletonKey ?? null,
        startedById: run.startedBy.id,
        startedByEmail: run.startedBy.email,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { run: inserted, created: true };
    if (run.singletonKey === undefined) break;
    const [existing] = await db
      .select()
      .from(jobRuns)
      .where(
        and(
          eq(jobRuns.kind, run.kind),
          eq(jobRuns.singletonKey, run.singletonKey),
          inArray(jobRuns.status, [...ACTIVE]),
        ),
      )
      .limit(1);
    if (existing) return { run: existing, created: false };
  }
  throw new Error("could not insert the job run");
}

export async function selectRun(db: Db, runId: string): Promise<JobRun | undefined> {
  const [row] = await db.select().from(jobRuns).where(eq(jobRuns.id, runId)).limit(1);
  return row;
}

export async function selectRuns(
  db: Db,
  filter: { kind?: string; startedById?: string; status?: JobRun["status"]; limit: number },
): Promise<JobRun[]> {
  return db
    .select()
    .from(jobRuns)
    .where(
      and(
        filter.kind === undefined ? undefined : eq(jobRuns.kind, filter.kind),
        filter.startedById === undefined ? undefined : eq(jobRuns.startedById, filter.startedById),
        filter.status === undefined ? undefined : eq(jobRuns.status, filter.status),
      ),
    )
    .orderBy(desc(jobRuns.createdAt), desc(jobRuns.id))
    .limit(filter.limit);
}

/**
 * One statement, so it cannot interleave with a claim: a queued run is cancelled on the spot; a
 * running one gets a cancel request, which its driver notices at its next heartbeat (or the sweep,
 * if the driver died).
 */
export async function requestCancel(db: Db, runId: string, by: JobActor): Promise<JobRun | undefined> {
  const [row] = await db
    .update(jobRuns)
    .set({
      cancelRequestedAt: sql`coalesce(${jobRuns.cancelRequestedAt}, now())`,
      cancelRequestedByEmail: sql`coalesce(${jobRuns.cancelRequestedByEmail}, ${by.email})`,
      status: sql`case when ${jobRuns.status} = 'queued' then 'cancelled' else ${jobRuns.status} end`,
      finishedAt: sql`case when ${jobRuns.status} = 'queued' then now() else ${jobRuns.finishedAt} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobRuns.id, runId), inArray(jobRuns.status, [...ACTIVE])))
    .returning();
  return row;
}
