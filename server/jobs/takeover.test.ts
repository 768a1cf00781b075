import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@/server/db/client";
import { createLogger } from "@/server/log";
import { TEST_DATABASE_URL, type TestDbKind } from "@/testing/db";
import { FAST_TIMING, openJobsTestDb, waitFor } from "@/testing/jobs/helpers";
import { readStepEvents, type StepEvent } from "@/testing/jobs/steps-job";
import { getRun } from "./operations";
import { JobRuntime } from "./runtime";
import type { JobRun } from "./types";

const root = fileURLToPath(new URL("../..", import.meta.url));
const STEPS = 80;
/**
 * A lease long enough that a live instance starved of CPU (a busy machine, npm test -- --stress) keeps
 * it: "never by two at once" holds only while leases lapse for dead owners, which is what this proves.
 * The heartbeat stays fast; only a dead owner's run waits the longer lease out.
 */
const TIMING = { ...FAST_TIMING, leaseMs: 10_000 };
const CHECKPOINT_EVERY = 5;

describe.each<TestDbKind>(["pglite", "postgres"])("a run whose process is killed, on %s", (dbKind) => {
  let child: ChildProcess | undefined;
  let runtime: JobRuntime | undefined;
  let handle: DbHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    child?.kill("SIGKILL");
    await runtime?.stop();
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("is resumed from its last checkpoint by the next instance within a minute, never by two at once", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "jobs-takeover-"));
    const logFile = path.join(dir, "steps.log");
    writeFileSync(logFile, "");
    const events = () => readStepEvents(readFileSync(logFile, "utf8"));

    let db: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string; schemaName: string };
    if (dbKind === "postgres") {
      handle = await openJobsTestDb("postgres");
      if (handle.raw.kind !== "postgres" || !handle.raw.schemaName) throw new Error("expected a test schema");
      db = { kind: "postgres", url: TEST_DATABASE_URL, schemaName: handle.raw.schemaName };
    } else db = { kind: "pglite", dataDir: path.join(dir, "db") };

    child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "testing/jobs/child-worker.ts"], {
      cwd: root,
      env: {
        ...process.env,
        CONSOLE_LOG_LEVEL: "silent",
        JOBS_CHILD: JSON.stringify({
          db,
          timing: TIMING,
          params: { steps: STEPS, stepMs: 50, checkpointEvery: CHECKPOINT_EVERY, logFile },
          instanceId: "doomed-instance",
        }),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const childPid = child.pid;
    // The same bound as every other wait of the suite (testing/jobs/helpers.ts waitFor): a child that loads
    // the server's code under tsx took over 40 s to print its first line on a machine busier than two burners.
    const runId = await firstLine(child, 60_000).then((line) => (JSON.parse(line) as { runId: string }).runId);

    const makeRuntime = (h: DbHandle) =>
      new JobRuntime({
        handle: h,
        timing: TIMING,
        instanceId: "surviving-instance",
        logger: createLogger(undefined, "silent"),
      });
    if (handle) {
      // PostgreSQL: the second instance is up while the first still drives the run, and must leave it alone.
      runtime = makeRuntime(handle);
      await runtime.start();
    }

    await waitFor(
      "the child to save a few checkpoints",
      () => events().some((e) => e.phase === "checkpoint" && e.step >= 20),
      30_000,
    );
    if (handle) expect((await getRun(handle.db, runId))?.ownerInstance).toBe("doomed-instance");
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGKILL");
    const killedAt = Date.now();
    await exited;
    const beforeKill = events();
    expect(beforeKill.every((e) => e.pid === childPid)).toBe(true);
    const loggedCheckpoint = Math.max(...beforeKill.filter((e) => e.phase === "checkpoint").map((e) => e.step));
    const childLastStep = Math.max(...beforeKill.filter((e) => e.phase === "start").map((e) => e.step));

    if (!handle) {
      // PGlite: one process at a time, so the next instance is the same data directory reopened.
      handle = await openDb({ dataDir: db.kind === "pglite" ? db.dataDir : "" });
      runtime = makeRuntime(handle);
      await runtime.start();
    }
    const h = handle;
    const done = await waitFor(
      "the run to finish in the surviving instance",
      async () => {
        const row = await getRun(h.db, runId);
        return row?.status === "succeeded" ? row : undefined;
      },
      60_000,
      50,
    );
    const tookOverIn = Date.now() - killedAt;
    expect(tookOverIn).toBeLessThan(60_000);

    const all = events();
    const ours = all.filter((e) => e.pid === process.pid);
    const resumedAt = Math.min(...ours.filter((e) => e.phase === "start").map((e) => e.step));
    // Resumed from the checkpoint (not from zero): at least the last one the child reported, at
    // most one past the last step it began (a checkpoint can commit just before the kill).
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt % CHECKPOINT_EVERY).toBe(0);
    expect(resumedAt).toBeGreaterThanOrEqual(loggedCheckpoint);
    expect(resumedAt).toBeLessThanOrEqual(childLastStep + 1);
    expect(ours.every((e) => e.at >= killedAt)).toBe(true);
    expect(ours.filter((e) => e.phase === "start").map((e) => e.step)).toEqual(range(resumedAt, STEPS));
    expectNoConcurrentStep(all, killedAt);
    expect(done).toMatchObject({
      attempts: 2,
      checkpoint: { next: STEPS },
      progressDone: STEPS,
      result: { steps: STEPS },
      ownerInstance: null,
    } satisfies Partial<JobRun>);
  }, 120_000);
});

/** Every execution of a step is an interval (a step the kill cut short ends at the kill); none may overlap. */
function expectNoConcurrentStep(events: StepEvent[], killedAt: number) {
  const intervals = new Map<number, { from: number; to: number; by: string }[]>();
  for (const start of events.filter((e) => e.phase === "start")) {
    const end = events.find((e) => e.phase === "end" && e.step === start.step && e.attempt === start.attempt);
    const list = intervals.get(start.step) ?? [];
    list.push({ from: start.at, to: end?.at ?? killedAt, by: `${start.pid}/${start.attempt}` });
    intervals.set(start.step, list);
  }
  for (const [step, list] of intervals) {
    const sorted = list.sort((a, b) => a.from - b.from);
    for (let i = 1; i < sorted.length; i++)
      expect(
        sorted[i]!.from,
        `step ${step} ran in ${sorted[i - 1]!.by} and ${sorted[i]!.by} at once`,
      ).toBeGreaterThanOrEqual(sorted[i - 1]!.to);
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

function firstLine(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!child.stdout) return reject(new Error("child has no stdout"));
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error("the child did not start its job in time")), timeoutMs);
    lines.once("line", (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once("exit", (code) => reject(new Error(`the child exited early (${code})`)));
  });
}
