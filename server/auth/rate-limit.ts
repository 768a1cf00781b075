import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db";

/**
 * Sign-in throttling per key ("account:<user id>", "address:<ip>", "device:<nonce>"; see
 * ./credentials.ts) in one-minute windows, kept in the database so every console instance sees the
 * same counts. A key never holds what someone typed: that may be a password in the wrong box.
 *
 * An attempt is counted *before* the password is checked, in one atomic statement, so a burst of
 * parallel attempts cannot all be evaluated: only the first `limit` in a window are, the rest are
 * refused as locked without touching the password. A failure that reaches the limit locks the key;
 * a success clears the account's (or the device's) count and gives the address its attempt back.
 */
export interface Throttle {
  limit: number;
  lockMinutes: number;
}

type Row = { hits: number; locked_until: string | Date | null };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface Attempt {
  /** Whether the password may be checked at all. */
  allowed: boolean;
  /** Attempts in this window, this one included. */
  hits: number;
  /** While locked, until when. */
  until: Date | null;
}

export async function claimAttempt(db: Db, key: string, throttle: Throttle, now = new Date()): Promise<Attempt> {
  const t = now.toISOString();
  const rows = rowsOf<Row>(
    await db.execute(sql`
      insert into rate_limits (key, hits, window_started_at, locked_until)
      values (${key}, 1, ${t}::timestamptz, case when 1 > ${throttle.limit} then ${t}::timestamptz + make_interval(mins => ${throttle.lockMinutes}) end)
      on conflict (key) do update set
        hits = case
          when rate_limits.locked_until > ${t}::timestamptz then rate_limits.hits
          when rate_limits.window_started_at <= ${t}::timestamptz - interval '1 minute' then 1
          else rate_limits.hits + 1 end,
        window_started_at = case
          when rate_limits.locked_until > ${t}::timestamptz then rate_limits.window_started_at
          when rate_limits.window_started_at <= ${t}::timestamptz - interval '1 minute' then ${t}::timestamptz
          else rate_limits.window_started_at end,
        locked_until = case
          when rate_limits.locked_until > ${t}::timestamptz then rate_limits.locked_until
          when rate_limits.window_started_at > ${t}::timestamptz - interval '1 minute' and rate_limits.hits + 1 > ${throttle.limit}
            then ${t}::timestamptz + make_interval(mins => ${throttle.lockMinutes})
          else null end
      returning hits, locked_until`),
  );
  const until = rows[0]?.locked_until ? new Date(rows[0].locked_until) : null;
  const locked = until !== null && until > now;
  return { allowed: !locked, hits: Number(rows[0]?.hits ?? 1), until: locked ? until : null };
}

/** After a failed check: the failure that reaches the limit locks the key. Returns the lock as stored, if any. */
export async function settleFailure(
  db: Db,
  key: string,
  attempt: Attempt,
  throttle: Throttle,
  now = new Date(),
): Promise<Date | null> {
  if (attempt.hits < throttle.limit) return null;
  const until = new Date(now.getTime() + throttle.lockMinutes * 60_000);
  const rows = rowsOf<Pick<Row, "locked_until">>(
    await db.execute(
      sql`update rate_limits set locked_until = greatest(coalesce(locked_until, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz) where key = ${key} returning locked_until`,
    ),
  );
  const stored = rows[0]?.locked_until;
  return stored ? new Date(stored) : until;
}

/** After a successful sign-in: the keys it was counted against start afresh; an address only gets this attempt back. */
export async function settleSuccess(db: Db, keys: { clear: string[]; giveBack?: string }) {
  for (const key of keys.clear) await db.execute(sql`delete from rate_limits where key = ${key}`);
  if (keys.giveBack)
    await db.execute(
      sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${keys.giveBack} and locked_until is null`,
    );
}
