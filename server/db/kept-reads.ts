import "server-only";
import type { WatchedTable } from "./changes";
import type { DbHandle } from "./client";

interface Kept {
  value: unknown;
  /** The watched tables' write counts when the read began. */
  stamp: string;
  /** When the value goes stale of itself (epoch ms): a count of what has not yet expired, say. */
  until: number;
}

/** Keys kept per database; past this many the whole store starts again (one entry per signed-in person). */
const MOST = 5_000;
const stores = new WeakMap<object, Map<string, Kept>>();

/**
 * What every request reads and hardly ever changes (the signed-in person's account, the approvals
 * badge), kept in this process until a table it was read from is written or its own `until` passes.
 * Only on the embedded database, whose one process hears each write as it commits
 * (server/db/changes.ts); on PostgreSQL, where other processes write too, each call reads.
 *
 * A read is kept under the tables' counts as they stood when it began, so one that a write overtook
 * is read again next time: what is answered is never older than the last write. Callers must not
 * change what they are given: it is shared.
 */
export async function keptRead<T>(
  handle: DbHandle,
  tables: readonly WatchedTable[],
  key: string,
  read: () => Promise<{ value: T; until?: number }>,
): Promise<T> {
  const versions = handle.versions;
  if (!versions) return (await read()).value;
  let store = stores.get(versions);
  if (!store) stores.set(versions, (store = new Map()));
  // Taken before the read: a write that lands while it runs moves the counts past it.
  const stamp = tables.map((table) => versions.of(table)).join(" ");
  const kept = store.get(key);
  if (kept && kept.stamp === stamp && Date.now() < kept.until) return kept.value as T;
  const { value, until = Number.POSITIVE_INFINITY } = await read();
  if (store.size >= MOST) store.clear();
  store.set(key, { value, stamp, until });
  return value;
}
