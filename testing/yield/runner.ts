import { afterAll, beforeAll, expect } from "vitest";
import { setDbForTests } from "@/server/db";
import { startJobWorkers, stopJobWorkers } from "@/server/jobs";
import { runnerTiming } from "@/server/yield/run-job";
import { FAST_TIMING, openJobsTestDb } from "@/testing/jobs/helpers";
import { startYieldHarness, YIELD_TEST_KEY } from "./console";

type Harness = Awaited<ReturnType<typeof startYieldHarness>>;

/**
 * The yield runner's test bed for a test file: the sandbox (with its control rules on, plus `env`),
 * the console on an embedded database, job workers on fast timing and receipts polled every 50 ms;
 * started before the file's tests and stopped after. `h()` is the sandbox harness once started;
 * `rules()` sets the sandbox's latency and fault rules ([] clears them).
 */
export function runnerTestBed(env: Record<string, string> = {}) {
  let h: Harness | undefined;
  let handle: Awaited<ReturnType<typeof openJobsTestDb>> | undefined;
  beforeAll(async () => {
    h = await startYieldHarness({ SANDBOX_CONTROL: "on", ...env });
    handle = await openJobsTestDb("pglite");
    setDbForTests(handle);
    runnerTiming.pollMs = 50;
    await startJobWorkers({ timing: FAST_TIMING });
  }, 120_000);
  afterAll(async () => {
    await stopJobWorkers();
    setDbForTests(undefined);
    await handle?.close();
    await h?.close();
  });
  return {
    h: () => h as Harness,
    async rules(list: { path: string; fault?: "500" }[]) {
      const res = await fetch(`${(h as Harness).started.baseUrl}/_sandbox/rules`, {
        method: "PUT",
        headers: { authorization: `Bearer ${YIELD_TEST_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ rules: list }),
      });
      expect(res.status).toBe(200);
    },
  };
}
