import { describe, expect, it } from "vitest";
import { SlidingWindowRateLimiter, rateLimitKey, sharedRateLimiter } from "./rate-limit";

describe("SlidingWindowRateLimiter", () => {
  it("grants up to the limit at once and queues the rest until the window rolls", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 2, windowMs: 150 });
    const started = performance.now();
    const grantedAt: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, () => limiter.acquire().then(() => grantedAt.push(performance.now() - started))),
    );
    grantedAt.sort((a, b) => a - b);
    expect(grantedAt[1]).toBeLessThan(50);
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

  it("rejects a limit that is not a positive whole number", () => {
    expect(() => new SlidingWindowRateLimiter({ limit: 0 })).toThrow(RangeError);
  });
});

describe("sharedRateLimiter", () => {
  it("returns one limiter per key, reconfigured by the latest caller", () => {
    const key = rateLimitKey("test", "some-credential");
    expect(key).not.toContain("some-credential");
    const a = sharedRateLimiter(key, { limit: 10 });
    const b = sharedRateLimiter(key, { limit: 20 });
    expect(b).toBe(a);
    expect(a.limit).toBe(20);
    expect(sharedRateLimiter(rateLimitKey("test", "other"), { limit: 10 })).not.toBe(a);
  });
});
