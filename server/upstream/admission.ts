import "server-only";
import type { RateLimiter, RequestPriority } from "./rate-limiter";

/**
 * Admitting a call to the rate limit, or refusing it at once when the person waiting would wait too long.
 * The rule is written once, in tooLongAWait; every path applies it: a limiter of this process
 * (admitLocally), and the budget another process keeps, whose keeper answers with admitLocally too.
 */

/**
 * How long the limiter would hold a call of `priority`, when that is longer than `maxWaitMs` (the caller
 * then fails at once saying how long); undefined to go on and wait in line, also when the caller sets no
 * limit or the limiter cannot tell.
 */
export function tooLongAWait(
  limiter: Pick<RateLimiter, "expectedWait"> | undefined,
  priority: RequestPriority,
  maxWaitMs: number | undefined,
): number | undefined {
  if (maxWaitMs === undefined || !limiter?.expectedWait) return undefined;
  const wait = limiter.expectedWait(priority);
  return wait > maxWaitMs ? wait : undefined;
}

/** admit() on a limiter of this process: the too-long wait refused (resolves with it), else the grant (undefined). */
export async function admitLocally(
  limiter: Pick<RateLimiter, "acquire" | "expectedWait">,
  priority: RequestPriority,
  maxWaitMs: number | undefined,
  signal?: AbortSignal,
): Promise<number | undefined> {
  const wait = tooLongAWait(limiter, priority, maxWaitMs);
  if (wait !== undefined) return wait;
  await limiter.acquire(signal, priority);
  return undefined;
}

/** admit() on any limiter, none meaning unlimited: its own where it has one (the shared budget), else admitLocally. */
export function admit(
  limiter: RateLimiter | undefined,
  priority: RequestPriority,
  maxWaitMs: number | undefined,
  signal?: AbortSignal,
): Promise<number | undefined> {
  if (!limiter) return Promise.resolve(undefined);
  return limiter.admit
    ? limiter.admit(priority, maxWaitMs, signal)
    : admitLocally(limiter, priority, maxWaitMs, signal);
}
