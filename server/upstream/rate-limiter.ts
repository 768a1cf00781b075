import "server-only";

/**
 * What every rate limiter of the upstream clients offers, and whose requests it weighs. The budget is
 * shared by everyone using one credential: staff clicking through pages ("interactive") and long jobs
 * such as exports ("background"). Interactive waiters are always served first, and background grants
 * may use at most a share of the window, so a job that would gladly use every request never makes a
 * person wait for the next window.
 */
export type RequestPriority = "interactive" | "background";

export interface RateLimiter {
  /** Resolves when the caller may send one request; rejects if `signal` aborts first. */
  acquire(signal?: AbortSignal, priority?: RequestPriority): Promise<void>;
  /** The upstream answered 429: grant nothing to anyone for `ms` (its Retry-After). */
  pause?(ms: number): void;
  /** Milliseconds until a caller of `priority` arriving now would be granted, behind those already waiting. */
  expectedWait?(priority?: RequestPriority): number;
  /**
   * Waits for a grant as acquire() does, unless a caller arriving now would wait longer than
   * `maxWaitMs`: then grants nothing and resolves with that wait (undefined once granted).
   */
  admit?(priority: RequestPriority, maxWaitMs: number | undefined, signal?: AbortSignal): Promise<number | undefined>;
  /** Requests allowed per window, for messages. */
  readonly limit?: number;
}

export interface RateLimitOptions {
  /** Requests allowed per window. */
  limit: number;
  windowMs?: number;
  /** The most of `limit` that background grants may take in any window (0 < share ≤ 1; default 1). */
  backgroundShare?: number;
}

/** The limit, checked: a positive whole number of requests per window. */
export function checkLimit(limit: number) {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`rate limit must be a positive whole number, got ${limit}`);
  return limit;
}

/** The background share, checked: above 0 and at most 1. */
export function checkShare(share: number) {
  if (!(share > 0 && share <= 1)) throw new RangeError(`background share must be above 0 and at most 1, got ${share}`);
  return share;
}
