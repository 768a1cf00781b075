import "server-only";
import { keeperChannel } from "@/server/cluster/channel";
import { SlidingWindowRateLimiter } from "./sliding-window";

/**
 * The sliding windows this process holds, one per key: a budget's whole window where this process keeps
 * it (alone, or as the keeper of every process), or its share while the keeper cannot be reached; and
 * their use for the metrics.
 */

// On globalThis so that Next.js dev reloads and separate module instances share one limiter per key.
const registry = ((
  globalThis as { upstreamRateLimiters?: Map<string, SlidingWindowRateLimiter> }
).upstreamRateLimiters ??= new Map());

const SHARE_SUFFIX = "#share";

/** The key of this process's share of the budget `key`. */
export const shareKey = (key: string) => `${key}${SHARE_SUFFIX}`;

export interface ResolvedOptions {
  limit: number;
  windowMs: number;
  backgroundShare: number;
}

/** The limiter this process holds for `key`, created or reconfigured to `options`. */
export function localRateLimiter(key: string, options: ResolvedOptions): SlidingWindowRateLimiter {
  const existing = registry.get(key);
  if (existing) {
    if (existing.limit !== options.limit || existing.backgroundShare !== options.backgroundShare)
      existing.configure(options);
    return existing;
  }
  const limiter = new SlidingWindowRateLimiter(options);
  registry.set(key, limiter);
  return limiter;
}

/**
 * The limiters' use for the metrics: the custodian's own budget, and the busiest acting client's
 * (one limiter per client: their sum would add up unrelated budgets). No key or id leaves here.
 */
export function rateLimiterUsage(): { scope: "custodian" | "client_busiest"; inUse: number; limit: number }[] {
  const out = new Map<"custodian" | "client_busiest", { inUse: number; limit: number }>();
  // While another process keeps the budget, this one's fallback shares are idle: the keeper reports it.
  const asking = keeperChannel()?.asks === true;
  for (const [key, limiter] of registry) {
    if (asking && key.endsWith(SHARE_SUFFIX)) continue;
    const scope = key.startsWith("custodian:") ? "custodian" : "client_busiest";
    const seen = out.get(scope);
    const inUse = limiter.inUse;
    if (!seen || inUse > seen.inUse) out.set(scope, { inUse, limit: limiter.limit });
  }
  return [...out].map(([scope, usage]) => ({ scope, ...usage }));
}
