import "server-only";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { DbHandle } from "@/server/db/client";
import { stopJobWorkers } from "@/server/jobs";
import { bossSchemaFor } from "@/server/jobs/boss-db";
import { JobRuntime, type JobRuntimeOptions } from "@/server/jobs/runtime";
import type { JobTiming } from "@/server/jobs/timing";
import { createLogger } from "@/server/log";
import { openTestDb, type TestDbKind } from "@/testing/db";

/** Short timings so takeovers and cancels happen in test time (production: timing.ts). */
export const FAST_TIMING: Partial<JobTiming> = {
  leaseMs: 3_000,
  heartbeatMs: 250,
  sweepMs: 500,
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 5,
  rateWindowMs: 2_000,
  shutdownGraceMs: 3_000,
};

/** A test database that owns the job machinery started on it. */
export interface JobsTestDb extends DbHandle {
  /** A job runtime on this database (or on another pool of its schema); close() stops it first. */
  runtime(options?: Partial<JobRuntimeOptions>): JobRuntime;
}

/**
 * A test database whose close ends what runs on it in the one safe order: the process's job workers
 * and every runtime made with `runtime()` are stopped (each waits until pg-boss has nothing in
 * flight and then closes its queue connection), and only then are pg-boss's schema and the
 * console's dropped and the pool closed. Nothing a job left in flight can reach a dropped schema.
 */
export async function openJobsTestDb(kind: TestDbKind): Promise<JobsTestDb> {
  const handle = await openTestDb(kind);
  const runtimes: JobRuntime[] = [];
  return {
    ...handle,
    runtime(options = {}) {
      const runtime = new JobRuntime({ handle, timing: FAST_TIMING, ...options });
      runtimes.push(runtime);
      return runtime;
    },
    async close() {
      await stopJobWorkers();
      for (const runtime of runtimes.splice(0).reverse()) await runtime.stop();
      if (handle.raw.kind === "postgres" && handle.raw.schemaName)
        await handle.db.execute(sql.raw(`drop schema if exists ${bossSchemaFor(handle.raw)} cascade`)).catch(() => {});
      await handle.close();
    },
  };
}

/** Polls until `probe` returns a value (not undefined/null/false), or fails naming what it waited for. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 60_000,
  intervalMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: lastError });
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A logger whose JSON lines the test can read. */
export function capturingLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      callback();
    },
  });
  return {
    logger: createLogger(stream, "info"),
    lines: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

export type Gate = { open: () => void; wait: Promise<void> };

export function gate(): Gate {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, wait };
}
