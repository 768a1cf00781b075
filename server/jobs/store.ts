import "server-only";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
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
  /** At most this many of the starter's runs of this kind queued or running (see PerPersonLimit). */
  perPersonMax?: number;
}

export type InsertOutcome =
  | { run: JobRun; created: boolean }
  /** Over the starter's limit: nothing was inserted; these are the starter's runs that count. */
  | { refusedFor: JobRun[] };

// The first key of the two-key advisory locks that serialize one person's starts of one kind (any
// constant, the same on every instance); the second is a hash of kind and person, whose rare
// collisions only make two people's starts wait for each other.
const PER_PERSON_LOCK = 7_245_004;

/**
 * Inserts a queued run, unless a run of the same kind with the same singleton key is queued or
 * running: then that run is returned (the partial unique index decides, so two instances racing
 * with the same key still make one run). With `perPersonMax`, the count of the starter's runs and
 * the insert are one step under an advisory lock per person and kind, so two parallel starts by one
 * person cannot both take the last place; joining a singleton run is never refused.
 */
export async function insertRun(db: Db, run: NewRun): Promise<InsertOutcome> {
  // A few rounds: the run holding the key may finish between our insert and our read.
  for (let round = 0; round < 5; round++) {
    const outcome =
      run.perPersonMax === undefined
        ? await insertOrJoin(db, run)
        : await db.transaction(async (tx) => {
            await tx.execute(
              sql`select pg_advisory_xact_lock(${PER_PERSON_LOCK}::int, hashtext(${`${run.kind}:${run.startedBy.id}`}))`,
            );
            const joined = await activeWithKey(tx as unknown as Db, run);
            if (joined) return { run: joined, created: false };
            const mine = await countedRuns(tx as unknown as Db, run.kind, run.startedBy.id);
            if (mine.length >= (run.perPersonMax as number)) return { refusedFor: mine };
            return insertOrJoin(tx as unknown as Db, run);
          });
    if (outcome) return outcome;
    if (run.singletonKey === undefined) break;
  }
  throw new Error("could not insert the job run");
}

/** The insert, or the run holding the key; undefined when that run ended in between (try again). */
async function insertOrJoin(db: Db, run: NewRun): Promise<InsertOutcome | undefined> {
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
  const existing = await activeWithKey(db, run);
  return existing ? { run: existing, created: false } : undefined;
}

async function activeWithKey(db: Db, run: Pick<NewRun, "kind" | "singletonKey">): Promise<JobRun | undefined> {
  if (run.singletonKey === undefined) return undefined;
  const [existing] = await db
    .select()
    .from(jobRuns)
    .where(
      and(eq(jobRuns.kind, run.kind), eq(jobRuns.singletonKey, run.singletonKey), inArray(jobRuns.status, [...ACTIVE])),
    )
    .limit(1);
  return existing;
}

/**
 * The person's runs of a kind that hold a place, oldest first: queued or running, and not asked to
 * stop (a cancelled run winds down within a heartbeat; the person who cancelled it should not have
 * to wait for that to start the next).
 */
export async function countedRuns(db: Db, kind: string, startedById: string): Promise<JobRun[]> {
  return db
    .select()
    .from(jobRuns)
    .where(
      and(
        eq(jobRuns.kind, kind),
        eq(jobRuns.startedById, startedById),
        inArray(jobRuns.status, [...ACTIVE]),
        isNull(jobRuns.cancelRequestedAt),
      ),
    )
    .orderBy(asc(jobRuns.createdAt), asc(jobRuns.id));
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
