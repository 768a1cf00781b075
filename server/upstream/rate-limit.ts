import "server-only";
import { createHash } from "node:crypto";
import { KeeperUnavailableError, keeperChannel } from "@/server/cluster/channel";
import { getEnv } from "@/server/env";

/**
 * A client-side limit on requests per window, so the console never drives the upstream into a
 * storm of 429s. Callers past the limit wait (in order) instead of failing. It is per process;
 * a limiter backed by shared storage can replace it through the RateLimiter interface.
 *
 * The budget is shared by everyone using one credential: staff clicking through pages
 * ("interactive") and long jobs such as exports ("background"). Interactive waiters are always
 * served first, and background grants may use at most a share of the window, so a job that
 * would gladly use every request never makes a person wait for the next window.
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

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** A Retry-After longer than this is not applied to everyone (the call itself fails instead). */
const MAX_PAUSE_MS = 5 * 60_000;

/**
 * At most `limit` grants in any rolling window, which is stricter than a token bucket (that allows
 * up to twice the limit across a window boundary) and matches a "N requests per minute" quota; and
 * at most `floor(limit × backgroundShare)` (at least 1) of them background grants.
 */
export class SlidingWindowRateLimiter implements RateLimiter {
  #limit: number;
  #windowMs: number;
  #backgroundShare: number;
  readonly #now: () => number;
  /** Grant times, oldest first: all of them, and the background ones again. */
  #grants: number[] = [];
  #backgroundGrants: number[] = [];
  #interactive: Waiter[] = [];
  #background: Waiter[] = [];
  #pausedUntil = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Infinity;

  constructor(options: RateLimitOptions, now: () => number = Date.now) {
    this.#limit = checkLimit(options.limit);
    this.#windowMs = options.windowMs ?? 60_000;
    this.#backgroundShare = checkShare(options.backgroundShare ?? 1);
    this.#now = now;
  }

  get limit() {
    return this.#limit;
  }

  get backgroundShare() {
    return this.#backgroundShare;
  }

  /** Background grants allowed in any window. */
  get backgroundLimit() {
    return Math.max(1, Math.floor(this.#limit * this.#backgroundShare));
  }

  /** Grants within the current window. */
  get inUse() {
    this.#prune(this.#now());
    return this.#grants.length;
  }

  /** Callers waiting for a grant. */
  get pending() {
    return this.#interactive.length + this.#background.length;
  }

  configure(options: RateLimitOptions) {
    this.#limit = checkLimit(options.limit);
    this.#windowMs = options.windowMs ?? this.#windowMs;
    this.#backgroundShare = checkShare(options.backgroundShare ?? this.#backgroundShare);
    this.#drain();
  }

  acquire(signal?: AbortSignal, priority: RequestPriority = "interactive"): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const queue = priority === "background" ? this.#background : this.#interactive;
    if (queue.length === 0 && this.#tryGrant(priority)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          this.#interactive = this.#interactive.filter((w) => w !== waiter);
          this.#background = this.#background.filter((w) => w !== waiter);
          reject(signal.reason);
          // An interactive waiter leaving may let background waiters through.
          this.#drain();
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      queue.push(waiter);
      this.#schedule();
    });
  }

  /**
   * Milliseconds until a new caller of `priority` would be granted, counting the callers queued
   * ahead of it: an interactive caller waits behind the interactive queue only (people are served
   * first), a background caller behind both and within the background share. It replays the grants
   * the queue will take on the current window, so it is exact unless something changes meanwhile
   * (a waiter gives up, a 429 pauses everyone, a limit is reconfigured).
   */
  expectedWait(priority: RequestPriority = "interactive"): number {
    const now = this.#now();
    this.#prune(now);
    const start = Math.max(now, this.#pausedUntil);
    const queued = this.#interactive.length + (priority === "background" ? this.#background.length : 0);
    if (queued === 0 && start === now && this.#grants.length < this.#limit) {
      if (priority === "interactive" || this.#backgroundGrants.length < this.backgroundLimit) return 0;
    }
    const grants = [...this.#grants];
    const background = [...this.#backgroundGrants];
    let at = start;
    const grant = (isBackground: boolean) => {
      if (grants.length >= this.#limit)
        at = Math.max(at, (grants[grants.length - this.#limit] as number) + this.#windowMs);
      if (isBackground && background.length >= this.backgroundLimit)
        at = Math.max(at, (background[background.length - this.backgroundLimit] as number) + this.#windowMs);
      grants.push(at);
      if (isBackground) background.push(at);
    };
    for (let i = 0; i < this.#interactive.length; i++) grant(false);
    if (priority === "background") for (let i = 0; i < this.#background.length; i++) grant(true);
    grant(priority === "background");
    return at - now;
  }

  pause(ms: number) {
    if (!(ms > 0)) return;
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#now() + Math.min(ms, MAX_PAUSE_MS));
    this.#schedule();
  }

  #prune(now: number) {
    const edge = now - this.#windowMs;
    while (this.#grants.length > 0 && (this.#grants[0] as number) <= edge) this.#grants.shift();
    while (this.#backgroundGrants.length > 0 && (this.#backgroundGrants[0] as number) <= edge)
      this.#backgroundGrants.shift();
  }

  #tryGrant(priority: RequestPriority): boolean {
    const now = this.#now();
    if (now < this.#pausedUntil) return false;
    this.#prune(now);
    if (this.#grants.length >= this.#limit) return false;
    if (priority === "background") {
      // People first: a waiting interactive caller takes the next free slot.
      if (this.#interactive.length > 0) return false;
      if (this.#backgroundGrants.length >= this.backgroundLimit) return false;
      this.#backgroundGrants.push(now);
    }
    this.#grants.push(now);
    return true;
  }

  #drain() {
    while (this.#interactive.length > 0 && this.#tryGrant("interactive")) settle(this.#interactive.shift());
    while (this.#interactive.length === 0 && this.#background.length > 0 && this.#tryGrant("background"))
      settle(this.#background.shift());
    this.#schedule();
  }

  /** Wakes up when the first waiter could be granted (earlier if a later call needs it sooner). */
  #schedule() {
    if (this.pending === 0) return;
    const now = this.#now();
    this.#prune(now);
    let at = Math.max(now, this.#pausedUntil);
    if (this.#grants.length >= this.#limit) at = Math.max(at, (this.#grants[0] as number) + this.#windowMs);
    if (this.#interactive.length === 0 && this.#backgroundGrants.length >= this.backgroundLimit)
      at = Math.max(at, (this.#backgroundGrants[0] as number) + this.#windowMs);
    if (this.#timer !== undefined && this.#timerAt <= at) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.#timerAt = Infinity;
        this.#drain();
      },
      Math.max(0, at - now),
    );
  }
}

function settle(waiter: Waiter | undefined) {
  if (!waiter) return;
  if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort);
  waiter.resolve();
}

function checkLimit(limit: number) {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`rate limit must be a positive whole number, got ${limit}`);
  return limit;
}

function checkShare(share: number) {
  if (!(share > 0 && share <= 1)) throw new RangeError(`background share must be above 0 and at most 1, got ${share}`);
  return share;
}

// On globalThis so that Next.js dev reloads and separate module instances share one limiter per key.
const registry = ((
  globalThis as { upstreamRateLimiters?: Map<string, SlidingWindowRateLimiter> }
).upstreamRateLimiters ??= new Map());

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

interface ResolvedOptions {
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

/** admit() on a limiter of this process: the expected wait first, then the grant. */
export async function admitLocally(
  limiter: SlidingWindowRateLimiter,
  priority: RequestPriority,
  maxWaitMs: number | undefined,
  signal?: AbortSignal,
): Promise<number | undefined> {
  if (maxWaitMs !== undefined) {
    const wait = limiter.expectedWait(priority);
    if (wait > maxWaitMs) return wait;
  }
  await limiter.acquire(signal, priority);
  return undefined;
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
      ? localRateLimiter(`${this.#key}#share`, { ...this.#options, limit: perProcessLimit(this.#options.limit) })
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

/**
 * The limiters' use for the metrics: the custodian's own budget, and the busiest acting client's
 * (one limiter per client: their sum would add up unrelated budgets). No key or id leaves here.
 */
export function rateLimiterUsage(): { scope: "custodian" | "client_busiest"; inUse: number; limit: number }[] {
  const out = new Map<"custodian" | "client_busiest", { inUse: number; limit: number }>();
  // While another process keeps the budget, this one's fallback shares are idle: the keeper reports it.
  const asking = keeperChannel()?.asks === true;
  for (const [key, limiter] of registry) {
    if (asking && key.endsWith("#share")) continue;
    const scope = key.startsWith("custodian:") ? "custodian" : "client_busiest";
    const seen = out.get(scope);
    const inUse = limiter.inUse;
    if (!seen || inUse > seen.inUse) out.set(scope, { inUse, limit: limiter.limit });
  }
  return [...out].map(([scope, usage]) => ({ scope, ...usage }));
}
