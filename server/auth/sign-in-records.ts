import "server-only";
import { sql } from "drizzle-orm";
import type { RefusalBudget } from "@/server/audit/refusals";
import type { Db } from "@/server/db";
import { hitWindow } from "@/server/db/window-counter";

/**
 * A failed sign-in costs nothing to send, so its audit records are bounded the way refused calls
 * without a session are (server/audit/refusals.ts): per address, the first few failures in a minute
 * are recorded and the rest only counted, and the record that reaches the limit says so. A refusal
 * because the account or the address is locked is recorded once per lock, however often the door
 * is knocked on while it lasts.
 */
export const FAILED_SIGN_IN_RECORDS_PER_MINUTE = 10;

export const FAILED_SIGN_IN_LIMIT_NOTE =
  "Further failed sign-ins from this address this minute are not recorded (locks still are).";

export async function failedSignInBudget(db: Db, ip: string | null): Promise<RefusalBudget> {
  const hits = await hitWindow(db, `audit-sign-in-failed:${ip ?? "unknown"}`, 60);
  if (hits > FAILED_SIGN_IN_RECORDS_PER_MINUTE) return { record: false };
  return { record: true, last: hits === FAILED_SIGN_IN_RECORDS_PER_MINUTE };
}

/**
 * Whether this is the first record of the lock on `key` that lasts until `until`: true once per
 * lock, atomically across console instances. The row remembers until when the recorded lock lasts;
 * another lock can only begin once that one is over, so a lock whose end is seen a few milliseconds
 * apart by parallel attempts (each computes it from its own clock) is still recorded once.
 */
export async function firstRecordOfLock(db: Db, key: string, until: Date, now = new Date()): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into rate_limits (key, hits, window_started_at)
    values (${`audit-sign-in-lock:${key}`}, 1, ${until.toISOString()}::timestamptz)
    on conflict (key) do update set hits = 1, window_started_at = excluded.window_started_at
      where rate_limits.window_started_at <= ${now.toISOString()}::timestamptz
    returning hits`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
