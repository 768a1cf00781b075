import "server-only";
import { sql } from "drizzle-orm";
import { logger } from "@/server/log";
import type { Db } from "./client";
import { getDb } from "./index";

/**
 * The rate_limits table gains a row per key (an address, an account, a device cookie, a lock
 * recorded once) and would keep them all forever. A row whose window and lock ended long ago counts
 * exactly as no row does (the next hit starts a new window), so every instance deletes those rows
 * now and then; deleting twice is harmless. "Long ago" is far beyond the longest window any counter
 * uses (a minute; window-counter.ts refuses longer ones).
 */
export const RATE_LIMIT_RETENTION_MS = 60 * 60_000;

export async function pruneRateLimits(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RATE_LIMIT_RETENTION_MS).toISOString();
  const result = (await db.execute(sql`
    delete from rate_limits
    where window_started_at < ${cutoff}::timestamptz and (locked_until is null or locked_until < ${cutoff}::timestamptz)
    returning key`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

const SWEEP_EVERY_MS = 10 * 60_000;
const globalForSweep = globalThis as unknown as { consoleRateLimitSweep?: NodeJS.Timeout };

/** Prunes soon after start and every 10 minutes, on each instance (the timer never keeps a process alive). */
export function startRateLimitSweep(): void {
  if (globalForSweep.consoleRateLimitSweep) return;
  const sweep = () => {
    getDb()
      .then((db) => pruneRateLimits(db))
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, "expired rate-limit rows deleted");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "rate-limit sweep failed"));
  };
  setTimeout(sweep, 30_000).unref();
  globalForSweep.consoleRateLimitSweep = setInterval(sweep, SWEEP_EVERY_MS);
  globalForSweep.consoleRateLimitSweep.unref();
}
