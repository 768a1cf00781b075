/**
 * A console instance in a child process, for the takeover tests: it opens the database named in
 * JOBS_CHILD (PGlite data directory or PostgreSQL schema), starts job workers, starts one steps
 * job, prints its run id as a JSON line once it drives the run, and keeps driving it until the test kills it.
 *
 * Run from the repository root: node --conditions=react-server --import tsx testing/jobs/child-worker.ts
 * (the condition makes `server-only` resolve to its empty server build, as in the console itself).
 */
import "server-only";
import { z } from "zod";
import { openDb } from "@/server/db/client";
import { getRun } from "@/server/jobs/operations";
import { JobRuntime } from "@/server/jobs/runtime";
import { createLogger } from "@/server/log";
import { stepsJob } from "./steps-job";

const configSchema = z.object({
  db: z.union([
    z.object({ kind: z.literal("pglite"), dataDir: z.string() }),
    z.object({ kind: z.literal("postgres"), url: z.string(), schemaName: z.string() }),
  ]),
  timing: z.record(z.string(), z.number()),
  params: stepsJob.params,
  instanceId: z.string(),
});

const config = configSchema.parse(JSON.parse(process.env.JOBS_CHILD ?? "{}"));
const handle = await openDb(
  config.db.kind === "pglite"
    ? { dataDir: config.db.dataDir }
    : { databaseUrl: config.db.url, schemaName: config.db.schemaName },
);
const runtime = new JobRuntime({
  handle,
  timing: config.timing,
  instanceId: config.instanceId,
  logger: createLogger(undefined, "silent"),
});
await runtime.start();
const { run } = await runtime.startJob(stepsJob, config.params, {
  startedBy: { id: "child", email: "child@example.com" },
});
// The run is printed once this instance drives it, not when it is merely queued: an instance the test
// starts after this line could otherwise pick the queued job up first.
while ((await getRun(handle.db, run.id))?.ownerInstance !== config.instanceId)
  await new Promise((resolve) => setTimeout(resolve, 20));
process.stdout.write(`${JSON.stringify({ runId: run.id })}\n`);
// Keep the process alive while the job runs; the test ends it with SIGKILL.
setInterval(() => {}, 60_000);
