import "server-only";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { DbHandle } from "@/server/db/client";
import { bossSchemaFor } from "@/server/jobs/boss-db";
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

/** A test database whose close also drops pg-boss's schema beside the console's. */
export async function openJobsTestDb(kind: TestDbKind): Promise<DbHandle> {
  const handle = await openTestDb(kind);
  return {
    ...handle,
    async close() {
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
  timeoutMs = 15_000,
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
