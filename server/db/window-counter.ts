import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { RATE_LIMIT_RETENTION_MS } from "./rate-limit-prune";

/**
 * Counts hits on a key in a fixed window, atomically, in the rate_limits table shared by every
 * console instance. Returns the count including this hit; the window restarts once it is over.
 */
export async function hitWindow(db: Db, key: string, windowSeconds: number, now = new Date()): Promise<number> {
  // The sweep deletes rows whose window is older than the retention: a longer window would be cut short.
  if (windowSeconds * 1000 >= RATE_LIMIT_RETENTION_MS) throw new Error(`a window of ${windowSeconds} s is too long`);
  const nowIso = now.toISOString();
  const result = (await db.execute(sql`
    insert into rate_limits (key, hits, window_started_at)
    values (${key}, 1, ${nowIso}::timestamptz)
    on conflict (key) do update set
      hits = case when rate_limits.window_started_at <= ${nowIso}::timestamptz - make_interval(secs => ${windowSeconds})
        then 1 else rate_limits.hits + 1 end,
      window_started_at = case when rate_limits.window_started_at <= ${nowIso}::timestamptz - make_interval(secs => ${windowSeconds})
        then ${nowIso}::timestamptz else rate_limits.window_started_at end
    returning hits`)) as unknown as { rows: { hits: number }[] };
  return Number(result.rows[0]?.hits ?? 1);
}
