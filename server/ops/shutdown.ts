import "server-only";
import { closeDb } from "@/server/db";
import { stopJobWorkers } from "@/server/jobs";
import { logger } from "@/server/log";
import { stopTracing } from "./tracing";

const DRAINING = Symbol.for("custodian-console.draining");

/**
 * This instance's part of a graceful shutdown (scripts/serve.mjs has already stopped accepting
 * connections): readiness turns 503, the job workers stop taking runs and hand the ones they drive
 * back from their last checkpoint (another instance continues them with no step done twice), and the
 * database pool closes. serve.mjs bounds the whole by CONSOLE_SHUTDOWN_TIMEOUT_MS.
 */
export async function shutdownInstance(): Promise<void> {
  (globalThis as Record<symbol, unknown>)[DRAINING] = true;
  const started = Date.now();
  try {
    await stopJobWorkers();
  } catch (error) {
    logger.warn({ err: error }, "job workers did not stop cleanly");
  }
  await closeDb().catch((error: unknown) => logger.warn({ err: error }, "database pool did not close cleanly"));
  await stopTracing().catch(() => undefined);
  logger.info({ durationMs: Date.now() - started }, "instance shut down");
}
