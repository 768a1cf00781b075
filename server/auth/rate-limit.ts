import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db";

/**
 * Fixed one-minute windows of failures per key ("account:<email>", "address:<ip>"), kept in the
 * database so every console instance sees the same counts. Reaching the limit locks the key.
 */
export interface Throttle {
  limit: number;
  lockMinutes: number;
}

type Row = { hits: number; locked_until: string | Date | null };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The time until which the key is locked, or null. */
export async function lockedUntil(db: Db, key: string, now = new Date()): Promise<Date | null> {
  const rows = rowsOf<Row>(await db.execute(sql`select hits, locked_until from rate_limits where key = ${key}`));
  const until = rows[0]?.locked_until;
  if (!until) return null;
  const date = new Date(until);
  return date > now ? date : null;
}

/** Counts one failure; returns whether this failure locked the key (or it was locked already). */
export async function registerFailure(
  db: Db,
  key: string,
  throttle: Throttle,
  now = new Date(),
): Promise<{ locked: boolean; until: Date | null }> {
  const nowIso = now.toISOString();
  const rows = rowsOf<Row>(
    await db.execute(sql`
      insert into rate_limits (key, hits, window_started_at, locked_until)
      values (${key}, 1, ${nowIso}::timestamptz, case when 1 >= ${throttle.limit} then ${nowIso}::timestamptz + make_interval(mins => ${throttle.lockMinutes}) end)
      on conflict (key) do update set
        hits = case when rate_limits.window_started_at <= ${nowIso}::timestamptz - interval '1 minute' then 1 else rate_limits.hits + 1 end,
        window_started_at = case when rate_limits.window_started_at <= ${nowIso}::timestamptz - interval '1 minute' then ${nowIso}::timestamptz else rate_limits.window_started_at end,
        locked_until = case
          when rate_limits.locked_until > ${nowIso}::timestamptz then rate_limits.locked_until
          when (case when rate_limits.window_started_at <= ${nowIso}::timestamptz - interval '1 minute' then 1 else rate_limits.hits + 1 end) >= ${throttle.limit}
            then ${nowIso}::timestamptz + make_interval(mins => ${throttle.lockMinutes})
          else null end
      returning hits, locked_until`),
  );
  const until = rows[0]?.locked_until ? new Date(rows[0].locked_until) : null;
  return { locked: until !== null && until > now, until };
}

export async function clearFailures(db: Db, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
