import "server-only";
import { checkLimit, checkShare, type RateLimiter, type RateLimitOptions, type RequestPriority } from "./rate-limiter";

/**
 * The local sliding window: a client-side limit on requests per window, in this process, so the console
 * never drives the upstream into a storm of 429s. Callers past the limit wait (in order) instead of
 * failing; interactive waiters are served first and background grants stay within their share.
 */
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

  /**
   * `now` is a monotonic clock by default: grants are measured against each other, never against the
   * date, and a wall clock set back (by NTP, or a machine resumed) would otherwise hold every call for as
   * long as it went back, and past 24.8 days wake the limiter every millisecond (Node cuts longer timers to 1 ms).
   */
  constructor(options: RateLimitOptions, now: () => number = () => performance.now()) {
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
