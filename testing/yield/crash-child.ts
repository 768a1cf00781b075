/**
 * A console instance in a child process, for the crash test: it opens the PostgreSQL schema named
 * in YIELD_CHILD, starts job workers, optionally starts a previewed run, and, when told to, ends
 * itself with SIGKILL at a point of the first step (after the signer answered but before the hash
 * was recorded, or after it was recorded but before it was reported): no clean-up, no lease handed
 * back, a crash.
 *
 * Run from the repository root: node --conditions=react-server --import tsx testing/yield/crash-child.ts
 */
import "server-only";
import { z } from "zod";
import { setDbForTests } from "@/server/db";
import { openDb } from "@/server/db/client";
import { startJobWorkers } from "@/server/jobs";
import { startRun } from "@/server/yield/control";
import { runnerTiming } from "@/server/yield/run-job";
import { stepTestHooks } from "@/server/yield/step-driver";
import { developer } from "@/testing/yield/console";

const config = z
  .object({
    url: z.string(),
    schemaName: z.string(),
    timing: z.record(z.string(), z.number()),
    runId: z.uuid(),
    start: z.boolean(),
    crashAt: z.enum(["sent", "recorded"]).optional(),
  })
  .parse(JSON.parse(process.env.YIELD_CHILD ?? "{}"));

setDbForTests(await openDb({ databaseUrl: config.url, schemaName: config.schemaName }));
runnerTiming.pollMs = 50;
if (config.crashAt)
  stepTestHooks.at = (point, step) => {
    if (point !== config.crashAt) return;
    process.stdout.write(`${JSON.stringify({ crashed: point, stepIndex: step.stepIndex })}\n`);
    process.kill(process.pid, "SIGKILL");
  };
await startJobWorkers({ timing: config.timing });
if (config.start) await startRun(developer, config.runId);
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
setInterval(() => {}, 60_000);
