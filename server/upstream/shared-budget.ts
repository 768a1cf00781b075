import "server-only";
import { createHash } from "node:crypto";
import { KeeperUnavailableError, keeperChannel } from "@/server/cluster/channel";
import { getEnv } from "@/server/env";
import { admitLocally } from "./admission";
import { localRateLimiter, shareKey, type ResolvedOptions } from "./process-limiters";
import { checkLimit, checkShare, type RateLimiter, type RateLimitOptions, type RequestPriority } from "./rate-limiter";

/**
 * The shared (cross-process) budget: one credential's budget for every console process, kept by one of
 * them (server/cluster/) and asked of it by the others, with this process's share of it while no keeper
 * answers.
 */

/**
 * The window of the shared limiters: the upstream's minute plus a second. The upstream counts a
 * request when it arrives, some milliseconds after the grant here, and those delays vary; at the
 * full limit, a request that left quickly could otherwise land in the same upstream minute as one
 * that was slow to leave 60 s earlier, and be the console's own 429.
 */
export const SHARED_WINDOW_MS = 61_000;

/**
 * A process's share of a limit when it cannot reach the process that keeps the budget for all of them
 * (CONSOLE_WORKERS: scripts/workers.mjs tells each worker how many there are), so N processes together
 * stay within it whatever happens to the keeper.
 */
export function perProcessLimit(limit: number, workers = Number(process.env.CONSOLE_WORKER_COUNT || 1)): number {
  const count = Number.isInteger(workers) && workers > 1 ? workers : 1;
  return Math.max(1, Math.floor(limit / count));
}

/**
 * One credential's budget for every console process: held here when this is the only process or the
 * one that keeps the budget (server/cluster/), asked of the keeper otherwise, and this process's
 * share of it (limit ÷ processes) while no keeper answers.
 */
class SharedBudget implements RateLimiter {
  readonly #key: string;
  #options: ResolvedOptions;

  constructor(key: string, options: ResolvedOptions) {
    this.#key = key;
    this.#options = options;
  }

  get limit() {
    return this.#options.limit;
  }

  reconfigure(options: ResolvedOptions) {
    this.#options = options;
  }

  async admit(priority: RequestPriority, maxWaitMs: number | undefined, signal?: AbortSignal) {
    if (signal?.aborted) throw signal.reason;
    const channel = keeperChannel();
    // A keeper that ends while this waits is followed by the next one once; then this process's share.
    for (let attempt = 0; attempt < 2 && channel?.asks; attempt++) {
      const { id, reply } = channel.ask({
        op: "admit",
        key: this.#key,
        ...this.#options,
        priority,
        ...(maxWaitMs === undefined ? {} : { maxWaitMs }),
      });
      const onAbort = () => channel.tell({ op: "cancel", target: id });
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        const answer = await (signal ? Promise.race([reply, aborted(signal)]) : reply);
        if (answer.error) throw new Error(`the process that keeps the upstream budget refused: ${answer.error}`);
        return typeof answer.refusedWaitMs === "number" ? answer.refusedWaitMs : undefined;
      } catch (error) {
        if (!(error instanceof KeeperUnavailableError)) throw error;
      } finally {
        signal?.removeEventListener("abort", onAbort);
      }
    }
    return admitLocally(this.#local(channel !== null && !channel.keeps), priority, maxWaitMs, signal);
  }

  async acquire(signal?: AbortSignal, priority: RequestPriority = "interactive") {
    await this.admit(priority, undefined, signal);
  }

  pause(ms: number) {
    const channel = keeperChannel();
    if (channel?.asks && channel.tell({ op: "pause", key: this.#key, ...this.#options, ms })) return;
    this.#local(channel !== null && !channel.keeps).pause(ms);
  }

  /** The whole budget where this process keeps it; its share when it would ask but cannot. */
  #local(shareOnly: boolean) {
    return shareOnly
      ? localRateLimiter(shareKey(this.#key), { ...this.#options, limit: perProcessLimit(this.#options.limit) })
      : localRateLimiter(this.#key, this.#options);
  }
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
}

const budgets = ((globalThis as { upstreamBudgets?: Map<string, SharedBudget> }).upstreamBudgets ??= new Map());

/** The full options of a shared limiter: its window, and the console's background share unless given. */
export function resolveSharedOptions(options: RateLimitOptions): ResolvedOptions {
  return {
    limit: checkLimit(options.limit),
    windowMs: options.windowMs ?? SHARED_WINDOW_MS,
    backgroundShare: checkShare(options.backgroundShare ?? getEnv().CONSOLE_BACKGROUND_RATE_SHARE),
  };
}

/**
 * The budget for `key`, shared by every console process. The first caller creates it; a later caller
 * with different options reconfigures it, so the most recent configuration wins. Without
 * `backgroundShare` the console's CONSOLE_BACKGROUND_RATE_SHARE applies.
 */
export function sharedRateLimiter(key: string, options: RateLimitOptions): RateLimiter {
  const resolved = resolveSharedOptions(options);
  const existing = budgets.get(key);
  if (existing) {
    existing.reconfigure(resolved);
    return existing;
  }
  const budget = new SharedBudget(key, resolved);
  budgets.set(key, budget);
  return budget;
}

/** A registry key for a credential that does not keep the credential itself in memory. */
export function rateLimitKey(scope: string, credential: string): string {
  return `${scope}:${createHash("sha256").update(credential).digest("hex").slice(0, 24)}`;
}
