import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { RATE_LIMIT_RETENTION_MS } from "./rate-limit-prune";

/**
 * Counters in fixed windows, kept atomically in the rate_limits table shared by every console
 * instance: a window starts with the first hit after the previous one is over.
 */

type Row = { hits: number; window_started_at: string | Date };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function checkWindow(windowSeconds: number) {
  // The sweep deletes rows whose window is older than the retention: a longer window would be cut short.
  if (windowSeconds * 1000 >= RATE_LIMIT_RETENTION_MS) throw new Error(`a window of ${windowSeconds} s is too long`);
}

export interface Hit {
  /** Hits in this window, this one included. */
  hits: number;
  /**
   * The window this hit ended, on the one hit that started the next one: its count as it stood and
   * when it began. So exactly one caller learns a window's final count, however many race.
   */
  ended: { hits: number; startedAt: Date } | null;
}

export async function hitWindow(db: Db, key: string, windowSeconds: number, now = new Date()): Promise<Hit> {
  checkWindow(windowSeconds);
  const t = now.toISOString();
  const ended = sql`rate_limits.window_started_at <= ${t}::timestamptz - make_interval(secs => ${windowSeconds})`;
  const next = sql`
    hits = case when ${ended} then 1 else rate_limits.hits + 1 end,
    window_started_at = case when ${ended} then ${t}::timestamptz else rate_limits.window_started_at end`;
  // The row as it stood comes from a locked read in the same statement: no other hit can end the
  // same window between that read and this update.
  const [updated] = rowsOf<Row & { before_hits: number; before_started_at: string | Date }>(
    await db.execute(sql`
      update rate_limits set ${next}
      from (select hits, window_started_at from rate_limits where key = ${key} for update) as before
      where rate_limits.key = ${key}
      returning rate_limits.hits, rate_limits.window_started_at,
        before.hits as before_hits, before.window_started_at as before_started_at`),
  );
  if (updated) {
    const restarted = +new Date(updated.before_started_at) !== +new Date(updated.window_started_at);
    return {
      hits: Number(updated.hits),
      ended: restarted ? { hits: Number(updated.before_hits), startedAt: new Date(updated.before_started_at) } : null,
    };
  }
  // No row yet: the first hit. Another may insert it meanwhile; then this one joins its window.
  const [inserted] = rowsOf<Row>(
    await db.execute(sql`
      insert into rate_limits (key, hits, window_started_at) values (${key}, 1, ${t}::timestamptz)
      on conflict (key) do update set ${next}
      returning hits, window_started_at`),
  );
  return { hits: Number(inserted?.hits ?? 1), ended: null };
}

export interface Take {
  /** Whether `amount` fitted in what is left of the budget (and was counted). */
  taken: boolean;
  /** Counted in this window, after this take if it was taken. */
  used: number;
  windowStartedAt: Date;
}

/**
 * Counts `amount` against `budget` for the window, all or nothing: a take that would go over the
 * budget counts nothing, so what is left can still be used by a smaller one.
 */
export async function takeFromWindow(
  db: Db,
  key: string,
  amount: number,
  budget: number,
  windowSeconds: number,
  now = new Date(),
): Promise<Take> {
  checkWindow(windowSeconds);
  const t = now.toISOString();
  const ended = sql`rate_limits.window_started_at <= ${t}::timestamptz - make_interval(secs => ${windowSeconds})`;
  const [taken] = rowsOf<Row>(
    await db.execute(sql`
      insert into rate_limits (key, hits, window_started_at)
      select ${key}::text, ${amount}::int, ${t}::timestamptz where ${amount}::int <= ${budget}::int
      on conflict (key) do update set
        hits = case when ${ended} then excluded.hits else rate_limits.hits + excluded.hits end,
        window_started_at = case when ${ended} then excluded.window_started_at else rate_limits.window_started_at end
      where ${ended} or rate_limits.hits + excluded.hits <= ${budget}::int
      returning hits, window_started_at`),
  );
  if (taken) return { taken: true, used: Number(taken.hits), windowStartedAt: new Date(taken.window_started_at) };
  const [current] = rowsOf<Row>(
    await db.execute(sql`select hits, window_started_at from rate_limits where key = ${key}`),
  );
  return {
    taken: false,
    used: Number(current?.hits ?? 0),
    windowStartedAt: current ? new Date(current.window_started_at) : now,
  };
}

/**
 * The counters under `prefix` whose window is over with more than `kept` hits: each is set back to
 * `kept` and returned with the count it had, in one step per row, so a count above `kept` is handed
 * out once whether this sweep or the hit that starts the next window (hitWindow's `ended`) sees it
 * first. Rows another caller holds right now are left for that caller.
 */
export async function claimEndedWindows(
  db: Db,
  prefix: string,
  kept: number,
  windowSeconds: number,
  now = new Date(),
): Promise<{ key: string; hits: number; startedAt: Date }[]> {
  checkWindow(windowSeconds);
  const t = now.toISOString();
  const rows = rowsOf<Row & { key: string }>(
    await db.execute(sql`
      update rate_limits set hits = ${kept}::int
      from (
        select key, hits, window_started_at from rate_limits
        where left(key, ${prefix.length}::int) = ${prefix}::text
          and window_started_at <= ${t}::timestamptz - make_interval(secs => ${windowSeconds})
          and hits > ${kept}::int
        for update skip locked
      ) as ended
      where rate_limits.key = ended.key
      returning ended.key, ended.hits, ended.window_started_at`),
  );
  return rows.map((r) => ({ key: r.key, hits: Number(r.hits), startedAt: new Date(r.window_started_at) }));
}
