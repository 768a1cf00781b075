import "server-only";

/**
 * The upstream rate limit, as the console's modules import it. A client-side limit on requests per
 * window, so the console never drives the upstream into a storm of 429s; callers past the limit wait (in
 * order) instead of failing. Its parts:
 *
 * - rate-limiter.ts: what a limiter offers (RateLimiter) and whose requests it weighs (RequestPriority);
 * - sliding-window.ts: the local sliding window of one process (SlidingWindowRateLimiter);
 * - process-limiters.ts: the windows this process holds, one per key, and their use for the metrics;
 * - shared-budget.ts: one credential's budget shared by every console process (sharedRateLimiter);
 * - admission.ts: admitting a call, or refusing at once a wait longer than the person accepts (the one rule).
 */
export { admitLocally } from "./admission";
export { localRateLimiter, rateLimiterUsage } from "./process-limiters";
export type { RateLimiter, RateLimitOptions, RequestPriority } from "./rate-limiter";
export {
  perProcessLimit,
  rateLimitKey,
  resolveSharedOptions,
  SHARED_WINDOW_MS,
  sharedRateLimiter,
} from "./shared-budget";
export { SlidingWindowRateLimiter } from "./sliding-window";
