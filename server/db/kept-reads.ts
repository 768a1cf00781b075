import "server-only";
import type { WatchedTable } from "./changes";
import type { Db } from "./client";
import { getDbHandle } from "./index";

interface Kept {
  value: unknown;
  /** The watched tables' write counts when the read began. */
  stamp: string;
  /** When the value goes stale of itself (epoch ms): a count of what has not yet expired, say. */
  until: number;
}

/**
 * How many values a shelf keeps per database; past this many it starts again. Small values (an
 * account, a count) share one shelf; pages of records (up to a hundred kilobytes each) have their own.
 */
export type Shelf = "small" | "pages";
const MOST: Record<Shelf, number> = { small: 5_000, pages: 100 };
const stores = new WeakMap<object, Map<Shelf, Map<string, Kept>>>();

/**
 * What pages read on every view and changes far less often (the signed-in person's account, the
 * approvals badge, the audit log's pages), read from the console's database (handed to `read`) and kept
 * in this process until a table it was read from is written or its own `until` passes. On the embedded
 * database this process hears each write as it commits (server/db/changes.ts); on PostgreSQL it hears
 * other connections' writes a moment after they commit, its own as they return, keeps nothing while it
 * cannot hear, and nothing longer than a few seconds (server/db/changes-postgres.ts).
 *
 * A read is kept under the tables' counts as they stood when it began, so one that a write overtook
 * is read again next time: what is answered is never older than the last write. Callers must not
 * change what they are given: it is shared.
 */
export async function keptRead<T>(
  tables: readonly WatchedTable[],
  key: string,
  read: (db: Db) => Promise<{ value: T; until?: number }>,
  shelf: Shelf = "small",
): Promise<T> {
  const { db, versions } = await getDbHandle();
  if (!versions?.hearing) return (await read(db)).value;
  const shelves = stores.get(versions) ?? new Map<Shelf, Map<string, Kept>>();
  stores.set(versions, shelves);
  const store = shelves.get(shelf) ?? new Map<string, Kept>();
  shelves.set(shelf, store);
  // Taken before the read: a write that lands while it runs moves the counts past it.
  const stamp = tables.map((table) => versions.of(table)).join(" ");
  const kept = store.get(key);
  if (kept && kept.stamp === stamp && Date.now() < kept.until) return kept.value as T;
  const began = Date.now();
  const { value, until = Number.POSITIVE_INFINITY } = await read(db);
  const keptUntil = Math.min(until, began + versions.keepMs);
  if (store.size >= MOST[shelf]) store.clear();
  store.set(key, { value, stamp, until: keptUntil });
  return value;
}
