import "server-only";
import { recordEndedRefusalMinutes } from "./audit/refusal-counts";
import { bootstrap } from "./bootstrap";
import { startRateLimitSweep } from "./db/rate-limit-prune";
import { getEnv, getUpstreamConfig } from "./env";
import { logger } from "./log";
import { reportStartup } from "./startup-report";

/** Set here, called by scripts/serve.mjs on SIGTERM/SIGINT before the process exits. */
const SHUTDOWN = Symbol.for("custodian-console.shutdown");
/** Set here, called by scripts/serve.mjs as each response finishes. */
const OBSERVE_HTTP = Symbol.for("custodian-console.observe-http");

async function startJobs() {
  const { loadJobKinds } = await import("./jobs/kinds");
  await loadJobKinds();
  const { startJobWorkers } = await import("./jobs");
  const { ALONE_POLLING_SECONDS, leaseTiming } = await import("./jobs/timing");
  const env = getEnv();
  await startJobWorkers({
    timing: {
      ...leaseTiming(env.CONSOLE_JOB_LEASE_SECONDS),
      // On the embedded database this process is the only instance (scripts/workers.mjs).
      ...(env.DATABASE_URL ? {} : { pollingIntervalSeconds: ALONE_POLLING_SECONDS }),
    },
  });
  // Signed checkpoints of the audit chain go to the checkpoint directory, outside the database.
  (await import("./audit/checkpoint-schedule")).startAuditCheckpoints();
  // …and the whole chain is verified again hourly, in short stretches: old records are not trusted as they stand.
  (await import("./audit/sweep-schedule")).startAuditSweep();
  // Scheduled exports: each period that ended is claimed once across instances and exported.
  (await import("./alerts/schedules/tick")).startExportSchedules();
  // Stuck yield runs (steps broadcast but never reported, runs whose job ended) are looked for on a schedule.
  (await import("./yield/reconcile")).startReconcileSchedule();
  // The notification rules are checked on a schedule, one pass at a time across instances.
  (await import("./notifications/job")).startNotifySchedule();
  // SIGTERM: runs this instance drives go back to the queue with their checkpoints, the pool closes.
  const { shutdownInstance } = await import("./ops/shutdown");
  (globalThis as Record<symbol, unknown>)[SHUTDOWN] = shutdownInstance;
}

/**
 * With several console processes, one keeps the upstream budget for all (server/cluster/): ask the
 * primary now who keeps, so the answer is here before the first request, and serve the others
 * when this process is the one.
 */
async function startKeeperChannel() {
  const { keeperChannel } = await import("./cluster/channel");
  const channel = keeperChannel();
  if (channel) (await import("./cluster/keeper")).serveKeeperRequests(channel);
}

export async function runStartup() {
  try {
    // Before anything loads pg: the pg instrumentation patches it as it is required.
    await (await import("./ops/tracing")).startTracing();
    const result = await bootstrap();
    const { observeHttp } = await import("./ops/http-metrics");
    (globalThis as Record<symbol, unknown>)[OBSERVE_HTTP] = observeHttp;
    // Registered in every worker, so each one reports its limiters when the primary sums them.
    const { rateLimitCapacity, rateLimitInUse } = await import("./ops/metrics");
    rateLimitInUse();
    rateLimitCapacity();
    (await import("./network/edge-headers")).registerEdgeHeaders();
    await startKeeperChannel();
    // Counts of refusals past their budget whose minute nobody closed are recorded before the rows go.
    startRateLimitSweep((db) => recordEndedRefusalMinutes(db));
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
