import "server-only";

/**
 * How long this process keeps what it derived, named once. Each asking spends a share of the 200
 * requests a minute every staff member draws on, so a count shown on every view is kept and said to
 * be that old.
 */
export const KEEP_MS = {
  /** The webhooks page's and the overview's counts of each webhook (failures, drop horizon, watchdog). */
  summary: 60_000,
  /** A read that failed is not asked again for this long. */
  failed: 15_000,
  /** A health bucket that has ended: its counts change only by retries and replays. */
  closedBucket: 5 * 60_000,
  /** The open health bucket and the failing streak: reloads and both widths cost nothing. */
  openBucket: 15_000,
  /** The checkpoint directory's files (a chain's newest checkpoint, the alarm): every append asks. */
  checkpointFiles: 1_000,
  /**
   * The audit log's actions and error codes beyond the ones the code knows (of older versions): the
   * audit page's filters offer them; reading them scans the whole log.
   */
  auditFacets: 60_000,
} as const;

export interface KeptRead<T> {
  value: Promise<T>;
  /** This call started the read (it was not kept). */
  fresh: boolean;
}

/**
 * The one keep-for-a-while cache: a key's answer is kept `keepMs`, a failed one `failedMs` (0 forgets
 * it at once, so the next asking tries again). Two askings of one key while its read runs share it.
 * At most `max` keys, the oldest dropped first.
 */
export function keptFor<T>({ keepMs, failedMs, max = 5_000 }: { keepMs: number; failedMs: number; max?: number }) {
  const kept = new Map<string, { at: number; keepMs: number; value: Promise<T> }>();

  function read(key: string, load: () => Promise<T>, keepFor = keepMs): KeptRead<T> {
    const now = Date.now();
    const hit = kept.get(key);
    if (hit && now - hit.at < hit.keepMs) return { value: hit.value, fresh: false };
    const entry = { at: now, keepMs: keepFor, value: load() };
    entry.value.catch(() => {
      if (failedMs > 0) entry.keepMs = failedMs;
      else if (kept.get(key) === entry) kept.delete(key);
    });
    kept.delete(key);
    if (kept.size >= max) kept.delete(kept.keys().next().value as string);
    kept.set(key, entry);
    return { value: entry.value, fresh: true };
  }

  return {
    /** The kept answer, or `load()`'s, kept `keepFor` (the cache's keep time unless given). */
    get: (key: string, load: () => Promise<T>, keepFor?: number): Promise<T> => read(key, load, keepFor).value,
    read,
    /** What was kept of `key` is stale (this process just changed it); every key when none is given. */
    forget(key?: string): void {
      if (key === undefined) kept.clear();
      else kept.delete(key);
    },
  };
}
