import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { tables } from "@/server/db";
import type { TestDbKind } from "@/testing/db";
import {
  capturingLogger,
  FAST_TIMING,
  gate,
  openJobsTestDb,
  waitFor,
  type Gate,
  type JobsTestDb,
} from "@/testing/jobs/helpers";
import { GENERIC_FAILURE, INTERRUPTED_TOO_OFTEN, JobError } from "./errors";
import { cancelRun, getRun, listRuns } from "./operations";
import { defineJob } from "./registry";
import { type JobRuntime, queueName } from "./runtime";
import { ALONE_POLLING_SECONDS } from "./timing";
import type { JobRun } from "./types";

const alice = { id: "user-alice", email: "alice@example.com" };
const bob = { id: "user-bob", email: "bob@example.com" };

const gates = new Map<string, Gate>();
const openGate = (name: string) => gateFor(name).open();
const gateFor = (name: string) => gates.get(name) ?? gates.set(name, gate()).get(name)!;

/** What the jobs did, as they saw it: runs started, steps executed, aborts noticed. */
const seen = {
  started: new Set<string>(),
  steps: [] as { runId: string; attempt: number; step: number }[],
  aborted: new Map<string, { at: number; reason: unknown }>(),
};

const countJob = defineJob({
  kind: "test.count",
  params: z.object({ steps: z.number().int().positive(), stepMs: z.number().int().positive() }),
  async run(ctx) {
    for (let i = 1; i <= ctx.params.steps; i++) {
      await new Promise((resolve) => setTimeout(resolve, ctx.params.stepMs));
      ctx.progress({ done: i, total: ctx.params.steps, message: `step ${i}` });
    }
    return { counted: ctx.params.steps };
  },
});

const flakyJob = defineJob({
  kind: "test.flaky",
  params: z.object({ steps: z.number().int(), failAt: z.number().int() }),
  checkpoint: z.object({ next: z.number().int() }),
  maxAttempts: 2,
  retryDelaySeconds: 0,
  async run(ctx) {
    for (let step = ctx.checkpoint?.next ?? 0; step < ctx.params.steps; step++) {
      seen.steps.push({ runId: ctx.runId, attempt: ctx.attempt, step });
      if (ctx.attempt === 1 && step === ctx.params.failAt) throw new Error("upstream said: token=sk_live_secret");
      if ((step + 1) % 3 === 0)
        await ctx.saveCheckpoint({ next: step + 1 }, { done: step + 1, total: ctx.params.steps });
    }
    return { finishedOnAttempt: ctx.attempt };
  },
});

/** Runs until its gate opens or it is cancelled; one at a time per instance. */
const blockerJob = defineJob({
  kind: "test.blocker",
  params: z.object({ gate: z.string() }),
  concurrency: 1,
  async run(ctx) {
    seen.started.add(ctx.runId);
    let done = 0;
    const opened = gateFor(ctx.params.gate).wait.then(() => true);
    while (!ctx.signal.aborted) {
      if (await Promise.race([opened, new Promise((r) => setTimeout(() => r(false), 20))])) return { done };
      ctx.progress({ done: ++done });
    }
    seen.aborted.set(ctx.runId, { at: Date.now(), reason: ctx.signal.reason });
    throw ctx.signal.reason;
  },
});

const failingJob = defineJob({
  kind: "test.failing",
  params: z.object({ explain: z.boolean() }),
  maxAttempts: 3,
  retryDelaySeconds: 0,
  async run(ctx) {
    seen.steps.push({ runId: ctx.runId, attempt: ctx.attempt, step: 0 });
    if (ctx.params.explain) throw new JobError("The export filter matches no events.");
    // Unexpected errors may carry secrets in their text; none of it may reach the run row.
    throw new Error("connect failed: postgres://admin:hunter2@db.internal/console");
  },
});

/** Checkpoints after every step and runs until its gate opens. */
const patientJob = defineJob({
  kind: "test.patient",
  params: z.object({ gate: z.string() }),
  checkpoint: z.object({ next: z.number().int() }),
  async run(ctx) {
    const opened = gateFor(ctx.params.gate).wait.then(() => true);
    for (let step = ctx.checkpoint?.next ?? 0; ; step++) {
      seen.steps.push({ runId: ctx.runId, attempt: ctx.attempt, step });
      if (await Promise.race([opened, new Promise((r) => setTimeout(() => r(false), 20))])) return { lastStep: step };
      ctx.signal.throwIfAborted();
      await ctx.saveCheckpoint({ next: step + 1 }, { done: step + 1 });
    }
  },
});

describe.each<TestDbKind>(["pglite", "postgres"])("durable jobs on %s", (dbKind) => {
  let handle: JobsTestDb;
  let runtime: JobRuntime;
  const log = capturingLogger();
  const run = (id: string) => getRun(handle.db, id) as Promise<JobRun>;
  const waitForStatus = (id: string, status: JobRun["status"], timeoutMs?: number) =>
    waitFor(
      `run ${id} to be ${status}`,
      async () => ((await run(id))?.status === status ? run(id) : undefined),
      timeoutMs,
    );

  beforeAll(async () => {
    handle = await openJobsTestDb(dbKind);
    runtime = handle.runtime({ logger: log.logger, instanceId: `test-${dbKind}` });
    await runtime.start();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("runs a job to success, its progress (done, total, rate, time left) visible while it runs", async () => {
    const { run: queued, created } = await runtime.startJob(countJob, { steps: 30, stepMs: 60 }, { startedBy: alice });
    expect(created).toBe(true);
    expect(queued).toMatchObject({ kind: "test.count", status: "queued", startedById: alice.id, attempts: 0 });

    const midway = await waitFor("progress rows while running", async () => {
      const row = await run(queued.id);
      return row.status === "running" && row.progressDone >= 5 && row.progressDone < 30 && row.ratePerSecond
        ? row
        : undefined;
    });
    expect(midway.progressTotal).toBe(30);
    expect(midway.message).toMatch(/^step \d+$/);
    // 60 ms a step is about 16 steps a second; the measurement need only be in the right range.
    expect(midway.ratePerSecond).toBeGreaterThan(5);
    expect(midway.ratePerSecond).toBeLessThan(40);
    expect(midway.etaSeconds).toBeGreaterThanOrEqual(0);
    expect(midway.etaSeconds).toBeLessThan(10);
    expect(midway.ownerInstance).toBe(runtime.instanceId);
    expect(midway.leaseExpiresAt!.getTime()).toBeGreaterThan(Date.now());

    const done = await waitForStatus(queued.id, "succeeded");
    expect(done).toMatchObject({
      result: { counted: 30 },
      progressDone: 30,
      progressTotal: 30,
      etaSeconds: 0,
      error: null,
      ownerInstance: null,
      leaseExpiresAt: null,
      attempts: 1,
    });
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(done.startedAt!.getTime()).toBeLessThanOrEqual(done.finishedAt!.getTime());
    expect((await listRuns(handle.db, { kind: "test.count", startedBy: alice.id })).map((r) => r.id)).toContain(
      queued.id,
    );
  });

  it("resumes from its last checkpoint when an attempt fails mid-way", async () => {
    const { run: queued } = await runtime.startJob(flakyJob, { steps: 10, failAt: 7 }, { startedBy: alice });
    const done = await waitForStatus(queued.id, "succeeded");
    const steps = seen.steps.filter((s) => s.runId === queued.id);
    expect(steps.filter((s) => s.attempt === 1).map((s) => s.step)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The last checkpoint before the failure was after step 5: the retry starts at 6, not 0.
    expect(steps.filter((s) => s.attempt === 2).map((s) => s.step)).toEqual([6, 7, 8, 9]);
    expect(done).toMatchObject({ attempts: 2, result: { finishedOnAttempt: 2 }, checkpoint: { next: 9 }, error: null });
  });

  it("cancels a running job: its signal aborts within a couple of seconds and the run ends cancelled", async () => {
    const { run: queued } = await runtime.startJob(blockerJob, { gate: `cancel-${dbKind}` }, { startedBy: alice });
    await waitFor("the job to run", async () => (await run(queued.id)).progressDone > 3);
    const askedAt = Date.now();
    // Through the database only, as a cancel from another console instance would arrive.
    const asked = await cancelRun(handle.db, queued.id, bob);
    expect(asked.status).toBe("running");
    expect(asked.cancelRequestedAt).toBeInstanceOf(Date);
    const ended = await waitForStatus(queued.id, "cancelled", 5_000);
    const aborted = seen.aborted.get(queued.id);
    expect(aborted).toBeDefined();
    expect(aborted!.at - askedAt).toBeLessThan(2_000);
    expect(ended).toMatchObject({ cancelRequestedByEmail: bob.email, ownerInstance: null, attempts: 1 });
    expect(ended.finishedAt).toBeInstanceOf(Date);
  });

  it("cancels a queued job before it starts: it never runs", async () => {
    const first = await runtime.startJob(blockerJob, { gate: `busy-${dbKind}` }, { startedBy: alice });
    await waitFor("the blocker to hold the only worker", () => seen.started.has(first.run.id));
    const second = await runtime.startJob(blockerJob, { gate: `never-${dbKind}` }, { startedBy: alice });
    expect(second.run.status).toBe("queued");

    const cancelled = await runtime.cancelJob(second.run.id, bob);
    expect(cancelled).toMatchObject({ status: "cancelled", cancelRequestedByEmail: bob.email, attempts: 0 });

    openGate(`busy-${dbKind}`);
    await waitForStatus(first.run.id, "succeeded");
    // The cancelled run's message is still delivered; the worker must drop it without starting the job.
    await waitFor("the cancelled run's dispatch to be consumed", async () => {
      const rows = (await handle.db.execute(
        sql.raw(
          `select state from ${runtime.bossSchema}.job where name = '${queueName("test.blocker")}' and singleton_key = '${second.run.id}'`,
        ),
      )) as unknown as { rows: { state: string }[] };
      return rows.rows.length > 0 && rows.rows.every((r) => r.state === "completed");
    });
    expect(seen.started.has(second.run.id)).toBe(false);
    expect(await run(second.run.id)).toMatchObject({ status: "cancelled", attempts: 0, startedAt: null });
  });

  it("makes one run of two starts with the same singleton key, and a new one once it ended", async () => {
    const key = `export-${dbKind}`;
    const [a, b] = await Promise.all([
      runtime.startJob(blockerJob, { gate: `single-${dbKind}` }, { startedBy: alice, singletonKey: key }),
      runtime.startJob(blockerJob, { gate: `single-${dbKind}` }, { startedBy: bob, singletonKey: key }),
    ]);
    expect(a.run.id).toBe(b.run.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    const other = await runtime.startJob(
      blockerJob,
      { gate: `single-${dbKind}` },
      { startedBy: alice, singletonKey: "x" },
    );
    expect(other.run.id).not.toBe(a.run.id);

    openGate(`single-${dbKind}`);
    await waitForStatus(a.run.id, "succeeded");
    const again = await runtime.startJob(
      blockerJob,
      { gate: `single-${dbKind}` },
      { startedBy: alice, singletonKey: key },
    );
    expect(again.created).toBe(true);
    expect(again.run.id).not.toBe(a.run.id);
    await waitForStatus(again.run.id, "succeeded");
    await waitForStatus(other.run.id, "succeeded");
  });

  it("stores a safe message when a job fails: a generic one for an unexpected error, the job's own otherwise", async () => {
    const unexpected = await runtime.startJob(failingJob, { explain: false }, { startedBy: alice });
    const failed = await waitForStatus(unexpected.run.id, "failed");
    expect(failed.error).toBe(GENERIC_FAILURE);
    expect(JSON.stringify(failed)).not.toContain("hunter2");
    // Retried up to maxAttempts, since it might have been transient.
    expect(failed.attempts).toBe(3);
    const logged = log.lines().filter((l) => l.runId === unexpected.run.id && l.msg === "job run failed unexpectedly");
    expect(logged).toHaveLength(3);

    const explained = await runtime.startJob(failingJob, { explain: true }, { startedBy: alice });
    const refused = await waitForStatus(explained.run.id, "failed");
    // A JobError without `retry` is final: one attempt.
    expect(refused).toMatchObject({ error: "The export filter matches no events.", attempts: 1 });
  });

  it("sweeps runs whose owner died: resumed, or cancelled if asked, or failed after too many starts", async () => {
    const ghost = {
      kind: "test.count",
      params: { steps: 3, stepMs: 10 },
      status: "running" as const,
      startedById: alice.id,
      startedByEmail: alice.email,
      ownerInstance: "ghost-instance",
      leaseExpiresAt: new Date(Date.now() - 1_000),
    };
    const [orphan, cancelledOrphan, crashLooping] = await handle.db
      .insert(tables.jobRuns)
      .values([
        { ...ghost, attempts: 1 },
        { ...ghost, attempts: 1, cancelRequestedAt: new Date(), cancelRequestedByEmail: bob.email },
        { ...ghost, attempts: runtime.timing.maxStarts },
      ])
      .returning();
    expect(await waitForStatus(orphan!.id, "succeeded")).toMatchObject({ attempts: 2, result: { counted: 3 } });
    expect(await waitForStatus(cancelledOrphan!.id, "cancelled")).toMatchObject({ attempts: 1, ownerInstance: null });
    expect(await waitForStatus(crashLooping!.id, "failed")).toMatchObject({
      error: INTERRUPTED_TOO_OFTEN,
      ownerInstance: null,
    });
  });

  it("hands its runs back at shutdown; the next instance resumes them from their checkpoints", async () => {
    const { run: queued } = await runtime.startJob(patientJob, { gate: `restart-${dbKind}` }, { startedBy: alice });
    await waitFor(
      "a few checkpoints",
      async () => (((await run(queued.id)).checkpoint as { next: number } | null)?.next ?? 0) >= 3,
    );
    await runtime.stop();
    const handedBack = await run(queued.id);
    expect(handedBack).toMatchObject({ status: "queued", ownerInstance: null, leaseExpiresAt: null, attempts: 1 });
    const resumeFrom = (handedBack.checkpoint as { next: number }).next;

    runtime = handle.runtime({ logger: log.logger, instanceId: `next-${dbKind}` });
    await runtime.start();
    await waitFor("the next instance to resume the run", async () => (await run(queued.id)).attempts === 2);
    openGate(`restart-${dbKind}`);
    const done = await waitForStatus(queued.id, "succeeded");
    const steps = seen.steps.filter((s) => s.runId === queued.id);
    expect(steps.find((s) => s.attempt === 2)?.step).toBe(resumeFrom);
    expect(done.attempts).toBe(2);
  });

  it("rejects parameters that do not match the job's schema before queueing anything", async () => {
    await expect(runtime.startJob(countJob, { steps: -1, stepMs: 1 }, { startedBy: alice })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    await expect(runtime.startJob("test.unknown", {}, { startedBy: alice })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

/** Fails its first attempt; retried after a second. */
const laterJob = defineJob({
  kind: "test.later",
  params: z.object({}),
  maxAttempts: 2,
  retryDelaySeconds: 1,
  async run(ctx) {
    if (ctx.attempt === 1) throw new JobError("Not yet.", { retry: true });
    return { attempt: ctx.attempt };
  },
});

describe("a lone instance that polls as seldom as on the embedded database", () => {
  it("starts a run, and its retry once the delay is over, without waiting for a poll", async () => {
    const handle = await openJobsTestDb("pglite");
    try {
      const lone = handle.runtime({
        instanceId: "test-lone",
        // Nor does a sweep re-send it meanwhile (it would after twice its interval).
        timing: { ...FAST_TIMING, pollingIntervalSeconds: ALONE_POLLING_SECONDS, sweepMs: 20_000 },
        kinds: [laterJob.kind],
      });
      await lone.start();
      const started = Date.now();
      const { run } = await lone.startJob(laterJob, {}, { startedBy: alice });
      const done = await waitFor("the retried run to succeed", async () => {
        const row = await getRun(handle.db, run.id);
        return row?.status === "succeeded" ? row : undefined;
      });
      expect(done.attempts).toBe(2);
      // One retry delay (1 s) and the work itself: far less than a poll of the queue (30 s).
      expect(Date.now() - started).toBeLessThan((ALONE_POLLING_SECONDS * 1000) / 3);
    } finally {
      await handle.close();
    }
  });
});
