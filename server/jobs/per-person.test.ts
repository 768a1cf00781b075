import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobRuns } from "@/server/db/schema";
import { isAppError, type AppError } from "@/server/errors";
import type { TestDbKind } from "@/testing/db";
import { gate, openJobsTestDb, waitFor, type Gate, type JobsTestDb } from "@/testing/jobs/helpers";
import { cancelRun, getRun } from "./operations";
import { defineJob } from "./registry";
import { type JobRuntime } from "./runtime";
import type { JobActor, JobDefinition, JobRun } from "./types";

/**
 * A kind's per-person limit, as people starting runs meet it: the start above the limit is refused
 * with TOO_MANY_RUNS naming the runs that hold the places, whatever the timing of the starts.
 */

const gates = new Map<string, Gate>();
const gateFor = (name: string) => gates.get(name) ?? gates.set(name, gate()).get(name)!;

/** Runs until its gate opens or it is cancelled, reporting steps without a total. */
const taskParams = z.object({ name: z.string(), gate: z.string() });
async function holdUntilGate(ctx: {
  params: z.infer<typeof taskParams>;
  signal: AbortSignal;
  progress: (r: { done: number }) => void;
}) {
  const opened = gateFor(ctx.params.gate).wait.then(() => true);
  let done = 0;
  while (!ctx.signal.aborted) {
    if (await Promise.race([opened, new Promise((r) => setTimeout(() => r(false), 20))])) return { done };
    ctx.progress({ done: ++done });
  }
  throw ctx.signal.reason;
}

const limitedJob = defineJob({
  kind: "test.limited",
  params: taskParams,
  concurrency: 1,
  perPersonLimit: { max: 2, noun: ["test task", "test tasks"], describe: (p) => ({ text: `the task ${p.name}` }) },
  run: holdUntilGate,
});

/** A second limited kind, so one kind's places are seen not to be another's. */
const otherLimitedJob = defineJob({
  kind: "test.limited-other",
  params: taskParams,
  perPersonLimit: { max: 1, noun: ["other task", "other tasks"], describe: (p) => ({ text: `the other ${p.name}` }) },
  run: holdUntilGate,
});

const alice: JobActor = { id: "user-alice", email: "alice@example.com" };
const bob: JobActor = { id: "user-bob", email: "bob@example.com" };

describe.each<TestDbKind>(["pglite", "postgres"])("per-person limits on %s", (dbKind) => {
  let handle: JobsTestDb;
  let runtime: JobRuntime;

  beforeAll(async () => {
    handle = await openJobsTestDb(dbKind);
    runtime = handle.runtime({ instanceId: `limits-${dbKind}` });
    await runtime.start();
  });
  afterAll(async () => {
    // Runs still held at their gates end first, so pg-boss completes no message after the schema is gone.
    if (runtime) await endEveryRun();
    await handle?.close();
  });

  let counter = 0;
  /** A start of a fresh task, or the refusal it met. */
  async function start(
    job: JobDefinition,
    by: JobActor,
    options: { singletonKey?: string; gate?: string } = {},
  ): Promise<{ run: JobRun; created: boolean } | AppError> {
    const name = `${dbKind}-${++counter}`;
    try {
      const started = await runtime.startJob(
        job,
        { name, gate: options.gate ?? `gate-${name}` },
        { startedBy: by, ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}) },
      );
      return started;
    } catch (error) {
      if (isAppError(error)) return error;
      throw error;
    }
  }
  const started = (outcome: Awaited<ReturnType<typeof start>>) => {
    if (isAppError(outcome)) throw new Error(`expected a start, got ${outcome.code}: ${outcome.userMessage}`);
    return outcome;
  };
  const refused = (outcome: Awaited<ReturnType<typeof start>>) => {
    if (!isAppError(outcome)) throw new Error(`expected a refusal, got run ${outcome.run.id}`);
    return outcome;
  };
  const nameOf = (run: JobRun) => taskParams.parse(run.params).name;
  const activeOf = async (kind: string, person: JobActor) =>
    (
      await handle.db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.kind, kind), eq(jobRuns.startedById, person.id)))
    )
      .filter((r) => r.status === "queued" || r.status === "running")
      .map((r) => r.id);
  async function endEveryRun() {
    const active = () =>
      handle.db
        .select({ id: jobRuns.id })
        .from(jobRuns)
        .where(inArray(jobRuns.status, ["queued", "running"]));
    for (const { id } of await active()) await runtime.cancelJob(id, alice);
    await waitFor("the runs to end", async () => (await active()).length === 0);
  }
  // Every test starts with free places and an idle worker.
  beforeEach(endEveryRun);

  it("refuses the start above the limit, naming the runs already going in words, and inserts nothing", async () => {
    const first = started(await start(limitedJob, alice));
    // The first one runs (it reports steps); the second waits behind it (one worker for this kind).
    await waitFor(
      "the first to report progress",
      async () => ((await getRun(handle.db, first.run.id))?.progressDone ?? 0) > 0,
    );
    const second = started(await start(limitedJob, alice));

    const refusal = refused(await start(limitedJob, alice));
    expect(refusal.code).toBe("TOO_MANY_RUNS");
    expect(refusal.userMessage).toMatch(
      new RegExp(
        `^You already have 2 test tasks going, and one person may have 2 at a time: ` +
          `the task ${nameOf(first.run)} \\(\\d+ done\\); ` +
          `the task ${nameOf(second.run)} \\(waiting to start\\)\\. ` +
          `Wait for one to finish or cancel one, then start again\\.$`,
      ),
    );
    expect(refusal.userMessage).not.toContain(first.run.id);
    expect(refusal.runs).toEqual([
      expect.objectContaining({ id: first.run.id, kind: "test.limited", label: expect.stringMatching(/^the task /) }),
      expect.objectContaining({ id: second.run.id, progress: "waiting to start" }),
    ]);
    expect(await activeOf(limitedJob.kind, alice)).toHaveLength(2);
  });

  it("lets only as many of many parallel starts by one person through as the limit allows", async () => {
    // A few bursts: one alone might happen to be served one start at a time.
    for (let burst = 0; burst < 4; burst++) {
      await endEveryRun();
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => start(limitedJob, alice)));
      expect(outcomes.filter((o) => !isAppError(o))).toHaveLength(2);
      const refusals = outcomes.filter(isAppError);
      expect(refusals).toHaveLength(6);
      expect(refusals.every((r) => r.code === "TOO_MANY_RUNS" && r.runs?.length === 2)).toBe(true);
      expect(await activeOf(limitedJob.kind, alice)).toHaveLength(2);
    }
  });

  it("never refuses joining a run with the same singleton key, which does not take a place", async () => {
    const mine = started(await start(limitedJob, alice, { singletonKey: `mine-${dbKind}` }));
    const bobs = started(await start(limitedJob, bob, { singletonKey: `bobs-${dbKind}` }));
    started(await start(limitedJob, alice));
    // At her limit, Alice joins her own run and Bob's, several times at once.
    const joins = await Promise.all([
      start(limitedJob, alice, { singletonKey: `mine-${dbKind}` }),
      start(limitedJob, alice, { singletonKey: `bobs-${dbKind}` }),
      start(limitedJob, alice, { singletonKey: `mine-${dbKind}` }),
    ]);
    expect(joins.map((j) => started(j)).map((j) => [j.run.id, j.created])).toEqual([
      [mine.run.id, false],
      [bobs.run.id, false],
      [mine.run.id, false],
    ]);
    // Bob's run she joined is still his place, not hers: she is at two, he at one.
    expect(await activeOf(limitedJob.kind, alice)).toHaveLength(2);
    expect(refused(await start(limitedJob, alice)).code).toBe("TOO_MANY_RUNS");
    started(await start(limitedJob, bob));
  });

  it("frees a place when a run is cancelled, even before its driver has stopped it, or finishes", async () => {
    const running = started(await start(limitedJob, alice, { gate: `finish-${dbKind}` }));
    await waitFor("it to run", async () => (await getRun(handle.db, running.run.id))?.status === "running");
    // A run driven by another instance, which notices a cancel only at its next heartbeat.
    const [elsewhere] = await handle.db
      .insert(jobRuns)
      .values({
        kind: limitedJob.kind,
        params: { name: "elsewhere", gate: "never" },
        startedById: alice.id,
        startedByEmail: alice.email,
        status: "running",
        ownerInstance: "another-instance",
        leaseExpiresAt: new Date(Date.now() + 120_000),
        attempts: 1,
        startedAt: new Date(),
      })
      .returning();
    refused(await start(limitedJob, alice));
    expect(await cancelRun(handle.db, elsewhere!.id, alice)).toMatchObject({ status: "running" });
    const next = started(await start(limitedJob, alice));
    refused(await start(limitedJob, alice));

    // A queued run ends cancelled on the spot.
    expect(await runtime.cancelJob(next.run.id, alice)).toMatchObject({ status: "cancelled" });
    started(await start(limitedJob, alice));
    refused(await start(limitedJob, alice));

    gateFor(`finish-${dbKind}`).open();
    await waitFor("it to finish", async () => (await getRun(handle.db, running.run.id))?.status === "succeeded");
    started(await start(limitedJob, alice));
    await handle.db.update(jobRuns).set({ status: "cancelled" }).where(eq(jobRuns.id, elsewhere!.id));
  });

  it("counts per person and per kind: others, and other kinds, keep their own places", async () => {
    started(await start(limitedJob, alice));
    started(await start(limitedJob, alice));
    refused(await start(limitedJob, alice));
    // Bob has his own two; Alice has one of the other kind, whose limit is one.
    started(await start(limitedJob, bob));
    started(await start(limitedJob, bob));
    const other = started(await start(otherLimitedJob, alice));
    const refusal = refused(await start(otherLimitedJob, alice));
    expect(refusal.userMessage).toMatch(/^You already have 1 other task going, and one person may have 1 at a time: /);
    expect(refusal.runs?.map((r) => r.id)).toEqual([other.run.id]);
  });
});
