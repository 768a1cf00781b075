import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rateLimitKey, sharedRateLimiter } from "./shared-budget";
import { SlidingWindowRateLimiter } from "./sliding-window";

describe("SlidingWindowRateLimiter", () => {
  it("grants up to the limit at once and queues the rest until the window rolls", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 2, windowMs: 150 });
    const started = performance.now();
    const grantedAt: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, () => limiter.acquire().then(() => grantedAt.push(performance.now() - started))),
    );
    grantedAt.sort((a, b) => a - b);
    // "At once": before the window could have rolled (a limiter that waited would grant the second at 150 ms
    // or later), with room for a busy machine to be late in running the callbacks.
    expect(grantedAt[1]).toBeLessThan(140);
    expect(grantedAt[2]).toBeGreaterThanOrEqual(140);
    expect(grantedAt[3]).toBeGreaterThanOrEqual(140);
    expect(grantedAt[4]).toBeGreaterThanOrEqual(290);
    expect(limiter.pending).toBe(0);
  });

  it("never grants more than the limit within any window", async () => {
    let now = 0;
    const limiter = new SlidingWindowRateLimiter({ limit: 3, windowMs: 1000 }, () => now);
    for (let i = 0; i < 3; i++) await limiter.acquire();
    let granted = false;
    void limiter.acquire().then(() => (granted = true));
    now = 999;
    await new Promise((r) => setTimeout(r, 5));
    expect(granted).toBe(false);
    expect(limiter.pending).toBe(1);
  });

  it("lets a waiting caller give up", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 1, windowMs: 10_000 });
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error("gave up"));
    await expect(waiting).rejects.toThrow("gave up");
    expect(limiter.pending).toBe(0);
  });

  it("is not held back by a wall clock set back (a day, by NTP or a resumed machine)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const limiter = new SlidingWindowRateLimiter({ limit: 2, windowMs: 1_000 });
      await limiter.acquire();
      await limiter.acquire();
      vi.setSystemTime(Date.now() - 86_400_000);
      // The next grant is due when the first leaves the window: within its second, not a day and a second.
      expect(limiter.expectedWait()).toBeLessThanOrEqual(1_000);
      await limiter.acquire();
    } finally {
      vi.useRealTimers();
    }
  });

  it("rejects a limit that is not a positive whole number", () => {
    expect(() => new SlidingWindowRateLimiter({ limit: 0 })).toThrow(RangeError);
  });
});

describe("sharing the limit between people and background jobs (fake clock)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const WINDOW = 60_000;
  /** Starts `n` acquires of one priority; returns the (fake) time of each grant as it happens. */
  function flood(
    limiter: SlidingWindowRateLimiter,
    n: number,
    priority: "interactive" | "background",
    signal?: AbortSignal,
  ) {
    const grants: number[] = [];
    const all = Array.from({ length: n }, () =>
      limiter.acquire(signal, priority).then(
        () => void grants.push(Date.now()),
        () => undefined,
      ),
    );
    return { grants, all };
  }
  /** The most grants inside any window of `windowMs` (grant times sorted). */
  const busiestWindow = (times: number[], windowMs = WINDOW) => {
    const sorted = [...times].sort((a, b) => a - b);
    let most = 0;
    for (let i = 0, j = 0; i < sorted.length; i++) {
      while ((sorted[j] as number) <= (sorted[i] as number) - windowMs) j++;
      most = Math.max(most, i - j + 1);
    }
    return most;
  };

  it("a background flood leaves room for interactive calls immediately", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 10, windowMs: WINDOW, backgroundShare: 0.7 });
    const background = flood(limiter, 500, "background");
    await vi.advanceTimersByTimeAsync(0);
    expect(background.grants).toHaveLength(7);
    // The three slots background may not take are there at once, with no time passing.
    const people = flood(limiter, 3, "interactive");
    await vi.advanceTimersByTimeAsync(0);
    expect(people.grants).toEqual([Date.now(), Date.now(), Date.now()]);
    // A fourth person now waits for the window, like everyone else.
    const late = flood(limiter, 1, "interactive");
    await vi.advanceTimersByTimeAsync(WINDOW - 1);
    expect(late.grants).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(late.grants).toHaveLength(1);
  });

  it("serves waiting people before waiting jobs when the window frees up", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 4, windowMs: WINDOW, backgroundShare: 0.5 });
    const people = flood(limiter, 4, "interactive");
    await vi.advanceTimersByTimeAsync(0);
    const order: string[] = [];
    const jobs = Array.from({ length: 3 }, () =>
      limiter.acquire(undefined, "background").then(() => order.push("job")),
    );
    const later = Array.from({ length: 3 }, () =>
      limiter.acquire(undefined, "interactive").then(() => order.push("person")),
    );
    await vi.advanceTimersByTimeAsync(WINDOW);
    // Four slots: three for the people who queued after the jobs, then one job (half of 4 = 2 at most).
    expect(order).toEqual(["person", "person", "person", "job"]);
    expect(people.grants).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(2 * WINDOW);
    await Promise.all([...jobs, ...later]);
    expect(order.filter((o) => o === "job")).toHaveLength(3);
  });

  it("background never exceeds its share of any window, and is not starved of it", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 20, windowMs: WINDOW, backgroundShare: 0.7 });
    const background = flood(limiter, 10_000, "background");
    // People arrive now and then, two at a time (6 a minute): with the jobs' 14 that is the whole limit.
    const people: number[] = [];
    const arrivals: number[] = [];
    for (let t = 0; t < 10 * WINDOW; t += 20_000) {
      arrivals.push(Date.now(), Date.now());
      const burst = flood(limiter, 2, "interactive");
      await vi.advanceTimersByTimeAsync(20_000);
      people.push(...burst.grants);
    }
    expect(busiestWindow(background.grants)).toBeLessThanOrEqual(14);
    expect(busiestWindow([...background.grants, ...people])).toBeLessThanOrEqual(20);
    // About 14 per window over ten windows: the share is used, not wasted.
    expect(background.grants.length).toBeGreaterThanOrEqual(13 * 10);
    // And no person waited at all, flood or not.
    expect(people).toEqual(arrivals);
  });

  it("interactive calls may use the whole limit", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 10, windowMs: WINDOW, backgroundShare: 0.7 });
    const people = flood(limiter, 25, "interactive");
    await vi.advanceTimersByTimeAsync(0);
    expect(people.grants).toHaveLength(10);
    await vi.advanceTimersByTimeAsync(WINDOW);
    expect(people.grants).toHaveLength(20);
    await vi.advanceTimersByTimeAsync(WINDOW);
    expect(people.grants).toHaveLength(25);
    expect(busiestWindow(people.grants)).toBe(10);
  });

  it("lets jobs through when a waiting person gives up", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 2, windowMs: WINDOW, backgroundShare: 1 });
    flood(limiter, 2, "interactive");
    await vi.advanceTimersByTimeAsync(0);
    const controller = new AbortController();
    const person = flood(limiter, 1, "interactive", controller.signal);
    const job = flood(limiter, 1, "background");
    controller.abort(new Error("left the page"));
    await vi.advanceTimersByTimeAsync(WINDOW);
    expect(person.grants).toHaveLength(0);
    expect(job.grants).toHaveLength(1);
  });

  it("grants nothing to anyone while paused by the upstream's Retry-After", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 100, windowMs: WINDOW, backgroundShare: 0.7 });
    limiter.pause(12_000);
    const started = Date.now();
    const people = flood(limiter, 1, "interactive");
    const jobs = flood(limiter, 1, "background");
    await vi.advanceTimersByTimeAsync(11_999);
    expect([...people.grants, ...jobs.grants]).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(people.grants).toEqual([started + 12_000]);
    expect(jobs.grants).toEqual([started + 12_000]);
  });

  it("wakes early for a person even when a job was waiting longer for the background share", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 10, windowMs: WINDOW, backgroundShare: 0.5 });
    const start = Date.now();
    flood(limiter, 5, "interactive");
    await vi.advanceTimersByTimeAsync(30_000);
    flood(limiter, 5, "background");
    // Full window until 60 s, full background share until 90 s: the job's wake-up is at 90 s.
    const job = flood(limiter, 1, "background");
    await vi.advanceTimersByTimeAsync(1_000);
    const person = flood(limiter, 1, "interactive");
    await vi.advanceTimersByTimeAsync(60_000 - 31_000);
    expect(person.grants).toEqual([start + 60_000]);
    expect(job.grants).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(job.grants).toEqual([start + 90_000]);
  });
});

describe("expectedWait: how long a new caller would wait (fake clock)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const WINDOW = 60_000;

  it("is 0 while the window has room, then the time until the oldest grant leaves it", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 3, windowMs: WINDOW });
    expect(limiter.expectedWait()).toBe(0);
    await limiter.acquire();
    await vi.advanceTimersByTimeAsync(10_000);
    await limiter.acquire();
    await limiter.acquire();
    expect(limiter.expectedWait()).toBe(50_000);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(limiter.expectedWait()).toBe(30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(limiter.expectedWait()).toBe(0);
  });

  it("counts the people queued ahead, and agrees with when they are really granted", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 2, windowMs: WINDOW });
    const start = Date.now();
    await limiter.acquire();
    await vi.advanceTimersByTimeAsync(5_000);
    await limiter.acquire();
    // Two people wait: one for the grant of 0 s to leave (60 s), one for that of 5 s (65 s).
    const grantedAt: number[] = [];
    for (let i = 0; i < 2; i++) void limiter.acquire().then(() => grantedAt.push(Date.now() - start));
    // A third must wait for the first waiter's own grant (at 60 s) to leave the window: 120 s.
    expect(limiter.expectedWait("interactive")).toBe(120_000 - 5_000);
    const third = limiter.acquire().then(() => grantedAt.push(Date.now() - start));
    await vi.advanceTimersByTimeAsync(125_000);
    await third;
    expect(grantedAt).toEqual([60_000, 65_000, 120_000]);
  });

  it("lets a person jump the background queue, but not a job", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 4, windowMs: WINDOW, backgroundShare: 0.5 });
    const background = Array.from({ length: 2 }, () => limiter.acquire(undefined, "background"));
    await Promise.all(background);
    // The background share (2) is used up: a job waits the window out; a person goes now.
    expect(limiter.expectedWait("background")).toBe(WINDOW);
    expect(limiter.expectedWait("interactive")).toBe(0);
    // Jobs queued meanwhile push a new job further back, and never hold a person up.
    void limiter.acquire(undefined, "background");
    void limiter.acquire(undefined, "background");
    expect(limiter.expectedWait("background")).toBe(2 * WINDOW);
    expect(limiter.expectedWait("interactive")).toBe(0);
  });

  it("includes a pause ordered by the upstream's Retry-After", () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 100, windowMs: WINDOW });
    limiter.pause(12_000);
    expect(limiter.expectedWait()).toBe(12_000);
    vi.advanceTimersByTime(2_000);
    expect(limiter.expectedWait()).toBe(10_000);
  });
});

describe("sharedRateLimiter", () => {
  it("returns one budget per key, reconfigured by the latest caller", async () => {
    const key = rateLimitKey("test", "some-credential");
    expect(key).not.toContain("some-credential");
    const a = sharedRateLimiter(key, { limit: 1, backgroundShare: 0.7 });
    const b = sharedRateLimiter(key, { limit: 2, backgroundShare: 0.5 });
    expect(b).toBe(a);
    expect(a.limit).toBe(2);
    // The latest limit (2) holds: two grants now, the third would wait for the window.
    expect(await a.admit!("interactive", 1000)).toBeUndefined();
    expect(await a.admit!("interactive", 1000)).toBeUndefined();
    expect(await a.admit!("interactive", 1000)).toBeGreaterThan(55_000);
    expect(sharedRateLimiter(rateLimitKey("test", "other"), { limit: 10, backgroundShare: 0.7 })).not.toBe(a);
  });
});
