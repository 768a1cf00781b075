import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@/server/db/client";
import { createLogger } from "@/server/log";
import { capturingLogger, FAST_TIMING, openJobsTestDb, waitFor } from "@/testing/jobs/helpers";
import { readStepEvents, stepsJob, type StepEvent } from "@/testing/jobs/steps-job";
import { startTcpProxy, type TcpProxy } from "@/testing/jobs/tcp-proxy";
import { getRun } from "./operations";
import { JobRuntime, queueName } from "./runtime";

/** Two console instances (two pg-boss instances, two connection pools) on one PostgreSQL schema. */
describe("two instances on one PostgreSQL", () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup(options: { viaProxy?: TcpProxy } = {}) {
    const dir = mkdtempSync(path.join(tmpdir(), "jobs-exclusive-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const logFile = path.join(dir, "steps.log");
    writeFileSync(logFile, "");
    const main = await openJobsTestDb("postgres");
    cleanups.push(() => main.close());
    if (main.raw.kind !== "postgres" || !main.raw.schemaName) throw new Error("expected a test schema");
    const url = options.viaProxy
      ? `postgres://postgres@127.0.0.1:${options.viaProxy.port}/test`
      : (process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
    const second: DbHandle = await openDb({ databaseUrl: url, schemaName: main.raw.schemaName });
    cleanups.push(() => second.close());
    return { main, second, logFile, events: () => readStepEvents(readFileSync(logFile, "utf8")) };
  }

  function runtimeOn(handle: DbHandle, instanceId: string, logger = createLogger(undefined, "silent")) {
    const runtime = new JobRuntime({ handle, timing: FAST_TIMING, instanceId, logger });
    cleanups.push(() => runtime.stop());
    return runtime;
  }

  it("never lets both claim one run, even when both receive its message again and again", async () => {
    const { main, second, logFile, events } = await setup();
    const a = runtimeOn(main, "instance-a");
    const b = runtimeOn(second, "instance-b");
    await Promise.all([a.start(), b.start()]);

    const params = { steps: 20, stepMs: 20, checkpointEvery: 5, logFile };
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? a : b).startJob(stepsJob, params, { startedBy: { id: "u", email: "u@example.com" } }),
      ),
    );
    const ids = runs.map((r) => r.run.id);
    const finished = async () =>
      (await Promise.all(ids.map((id) => getRun(main.db, id)))).every((r) => r?.status === "succeeded");
    // Duplicate "drive this run" messages from both instances while the runs are in flight.
    const deadline = Date.now() + 30_000;
    while (!(await finished())) {
      if (Date.now() > deadline) throw new Error("the runs did not finish in 30 s");
      for (const id of ids) {
        await a.dispatch(id, stepsJob.kind, 0);
        await b.dispatch(id, stepsJob.kind, 0);
      }
    }

    for (const id of ids) expect(await getRun(main.db, id)).toMatchObject({ status: "succeeded", attempts: 1 });
    const all = events();
    for (const id of ids) {
      const mine = all.filter((e) => e.runId === id && e.phase === "start");
      expect(mine.map((e) => e.step)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(new Set(mine.map((e) => e.attempt))).toEqual(new Set([1]));
    }
    // The duplicates really were delivered (and dropped by the claim), not merely suppressed.
    const delivered = (await main.db.execute(
      sql.raw(
        `select count(*)::int as n from ${a.bossSchema}.job where name = '${queueName(stepsJob.kind)}' and state = 'completed'`,
      ),
    )) as unknown as { rows: { n: number }[] };
    expect(delivered.rows[0]!.n).toBeGreaterThan(ids.length);
  }, 50_000);

  it("stops a cut-off instance before its lease lapses; the other resumes from the checkpoint and the stale writes are refused", async () => {
    const proxy = await startTcpProxy({ host: "127.0.0.1", port: 5432 });
    cleanups.push(() => proxy.close());
    const { main, second: throughProxy, logFile, events } = await setup({ viaProxy: proxy });
    cleanups.push(() => proxy.heal());
    const stalledLog = capturingLogger();
    const stalled = runtimeOn(throughProxy, "stalled", stalledLog.logger);
    await stalled.start();
    const { run } = await stalled.startJob(
      stepsJob,
      { steps: 120, stepMs: 50, checkpointEvery: 5, logFile },
      { startedBy: { id: "u", email: "u@example.com" } },
    );
    await waitFor("the first instance to drive the run", async () => {
      const row = await getRun(main.db, run.id);
      return row?.ownerInstance === "stalled" && (row.checkpoint as { next?: number } | null)?.next === 10;
    });
    const healthy = runtimeOn(main, "healthy");
    await healthy.start();

    proxy.partition();
    const cutAt = Date.now();
    const done = await waitFor(
      "the healthy instance to finish the run",
      async () => {
        const row = await getRun(main.db, run.id);
        return row?.status === "succeeded" ? row : undefined;
      },
      30_000,
    );
    expect(done).toMatchObject({ attempts: 2, checkpoint: { next: 120 }, progressDone: 120 });

    const byStalled = events().filter((e) => e.attempt === 1);
    const byHealthy = events().filter((e) => e.attempt === 2);
    const resumedAt = Math.min(...byHealthy.filter((e) => e.phase === "start").map((e) => e.step));
    const stalledCheckpoint = Math.max(...byStalled.filter((e) => e.phase === "checkpoint").map((e) => e.step));
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBe(stalledCheckpoint);
    // The stalled instance stopped itself before the healthy one began: never two drivers at once.
    const stoppedAt = Math.max(...byStalled.map((e) => e.at));
    const takenAt = Math.min(...byHealthy.map((e) => e.at));
    expect(stoppedAt).toBeLessThan(takenAt);
    const gaveUp = stalledLog.lines().find((l) => l.msg === "job lease could not be renewed in time; stopping the job");
    expect(gaveUp).toBeDefined();
    expect(Date.parse(String(gaveUp!.time))).toBeLessThan(takenAt);
    expect(takenAt - cutAt).toBeLessThan(FAST_TIMING.leaseMs! + 3_000);

    // Reconnected, the stalled instance's held-back writes reach the database and are refused.
    proxy.heal();
    await waitFor("the stalled job to see its checkpoint refused", () =>
      events().some((e: StepEvent) => e.attempt === 1 && (e.phase === "refused" || e.phase === "aborted")),
    );
    await waitFor("the stalled instance to give up the run", () =>
      stalledLog.lines().some((l) => l.msg === "job run lost its lease; another instance continues it"),
    );
    expect(await getRun(main.db, run.id)).toMatchObject({
      status: "succeeded",
      attempts: 2,
      checkpoint: { next: 120 },
    });
  }, 50_000);
});
