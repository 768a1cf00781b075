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
 * uses (ten minutes; window-counter.ts refuses any as long as this).
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

/**
 * One sweep: `first`, then the prune, which happens only if `first` succeeded. `first` records what
 * a counter still owes the audit log (server/audit/refusal-counts.ts) before its row can go.
 */
export async function sweepRateLimits(db: Db, first?: (db: Db) => Promise<unknown>, now = new Date()) {
  await first?.(db);
  return pruneRateLimits(db, now);
}

const SWEEP_EVERY_MS = 10 * 60_000;
const globalForSweep = globalThis as unknown as { consoleRateLimitSweep?: NodeJS.Timeout };

/** Sweeps soon after start and every 10 minutes, on each instance (the timer never keeps a process alive). */
export function startRateLimitSweep(first?: (db: Db) => Promise<unknown>): void {
  if (globalForSweep.consoleRateLimitSweep) return;
  const sweep = () => {
    getDb()
      .then((db) => sweepRateLimits(db, first))
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, "expired rate-limit rows deleted");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "rate-limit sweep failed"));
  };
  setTimeout(sweep, 30_000).unref();
  globalForSweep.consoleRateLimitSweep = setInterval(sweep, SWEEP_EVERY_MS);
  globalForSweep.consoleRateLimitSweep.unref();
}
