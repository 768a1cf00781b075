import "server-only";
import { createHash } from "node:crypto";

/**
 * A client-side limit on requests per window, so the console never drives the upstream into a
 * storm of 429s. Callers past the limit wait (in order) instead of failing. It is per process;
 * a limiter backed by shared storage can replace it through the RateLimiter interface.
 */
export interface RateLimiter {
  /** Resolves when the caller may send one request; rejects if `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<void>;
}

export interface RateLimitOptions {
  /** Requests allowed per window. */
  limit: number;
  windowMs?: number;
}

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * At most `limit` grants in any rolling window, which is stricter than a token bucket (that allows
 * up to twice the limit across a window boundary) and matches a "N requests per minute" quota.
 */
export class SlidingWindowRateLimiter implements RateLimiter {
  #limit: number;
  #windowMs: number;
  readonly #now: () => number;
  /** Grant times, oldest first. */
  #grants: number[] = [];
  #queue: Waiter[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: RateLimitOptions, now: () => number = Date.now) {
    this.#limit = checkLimit(options.limit);
    this.#windowMs = options.windowMs ?? 60_000;
    this.#now = now;
  }

  get limit() {
    return this.#limit;
  }

  /** Callers waiting for a grant. */
  get pending() {
    return this.#queue.length;
  }

  configure(options: RateLimitOptions) {
    this.#limit = checkLimit(options.limit);
    this.#windowMs = options.windowMs ?? this.#windowMs;
    this.#drain();
  }

  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#queue.length === 0 && this.#tryGrant()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          this.#queue = this.#queue.filter((w) => w !== waiter);
          reject(signal.reason);
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      this.#queue.push(waiter);
      this.#schedule();
    });
  }

  #tryGrant(): boolean {
    const now = this.#now();
    while (this.#grants.length > 0 && (this.#grants[0] as number) <= now - this.#windowMs) this.#grants.shift();
    if (this.#grants.length >= this.#limit) return false;
    this.#grants.push(now);
    return true;
  }

  #drain() {
    while (this.#queue.length > 0 && this.#tryGrant()) {
      const waiter = this.#queue.shift() as Waiter;
      if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort);
      waiter.resolve();
    }
    if (this.#queue.length > 0) this.#schedule();
  }

  #schedule() {
    if (this.#timer !== undefined) return;
    const oldest = this.#grants[0] ?? this.#now();
    const wait = Math.max(0, oldest + this.#windowMs - this.#now());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#drain();
    }, wait);
  }
}

function checkLimit(limit: number) {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`rate limit must be a positive whole number, got ${limit}`);
  return limit;
}

// On globalThis so that Next.js dev reloads and separate module instances share one limiter per key.
const registry = ((
  globalThis as { upstreamRateLimiters?: Map<string, SlidingWindowRateLimiter> }
).upstreamRateLimiters ??= new Map());

/**
 * The process-wide limiter for `key`. The first caller creates it; a later caller with different
 * options reconfigures it, so the most recent configuration wins.
 */
export function sharedRateLimiter(key: string, options: RateLimitOptions): SlidingWindowRateLimiter {
  const existing = registry.get(key);
  if (existing) {
    if (existing.limit !== options.limit) existing.configure(options);
    return existing;
  }
  const limiter = new SlidingWindowRateLimiter(options);
  registry.set(key, limiter);
  return limiter;
}

/** A registry key for a credential that does not keep the credential itself in memory. */
export function rateLimitKey(scope: string, credential: string): string {
  return `${scope}:${createHash("sha256").update(credential).digest("hex").slice(0, 24)}`;
}
