import "server-only";
import { sql } from "drizzle-orm";
import { lastRecordedNote, type RefusalScope } from "@/server/audit/refusal-scopes";
import { refusalBudget } from "@/server/audit/refusals";
import type { Db } from "@/server/db";

/**
 * A failed sign-in costs nothing to send, so its audit records are bounded the way every refusal is
 * (server/audit/refusals.ts), per address: the first few failures in a minute are recorded, the
 * record that reaches the limit says so, the rest are counted and their number recorded after the
 * minute. A refusal because the account or the address is locked is recorded once per lock,
 * however often the door is knocked on while it lasts.
 */
export async function failedSignInBudget(
  db: Db,
  ip: string | null,
): Promise<{ record: false } | { record: true; note: string | undefined }> {
  const scope: RefusalScope = { kind: "sign-in", ip };
  const budget = await refusalBudget(scope, db);
  if (!budget.record) return budget;
  return { record: true, note: budget.last ? lastRecordedNote(scope) : undefined };
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
