import "server-only";
import { bootstrap } from "./bootstrap";
import { startRateLimitSweep } from "./db/rate-limit-prune";
import { getUpstreamConfig } from "./env";
import { logger } from "./log";
import { reportStartup } from "./startup-report";

/** Set here, called by scripts/serve.mjs on SIGTERM/SIGINT before the process exits. */
const SHUTDOWN = Symbol.for("custodian-console.shutdown");

async function startJobs() {
  const { loadJobKinds } = await import("./jobs/kinds");
  await loadJobKinds();
  const { startJobWorkers, stopJobWorkers } = await import("./jobs");
  await startJobWorkers();
  // Signed checkpoints of the audit chain go to the checkpoint directory, outside the database.
  (await import("./audit/checkpoint-schedule")).startAuditCheckpoints();
  // Runs this instance drives go back to the queue with their checkpoints, for another instance.
  (globalThis as Record<symbol, unknown>)[SHUTDOWN] = stopJobWorkers;
}

export async function runStartup() {
  try {
    const result = await bootstrap();
    startRateLimitSweep();
    await startJobs();
    reportStartup(result, getUpstreamConfig(), {
      log: logger,
      stdout: process.stdout,
      production: process.env.NODE_ENV === "production",
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`\nThe console cannot start.\n${message}\n\n`);
    process.exit(1);
  }
}
