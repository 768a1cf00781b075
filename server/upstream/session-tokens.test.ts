import { describe, expect, it, vi } from "vitest";
import { SessionTokenCache } from "./session-tokens";

describe("SessionTokenCache", () => {
  it("mints once per client within the TTL, sharing a mint in flight", async () => {
    const mint = vi.fn(async (clientId: string) => `token-${clientId}-${mint.mock.calls.length}`);
    const cache = new SessionTokenCache(mint);
    const tokens = await Promise.all([cache.get("c1"), cache.get("c1"), cache.get("c1")]);
    expect(await cache.get("c1")).toBe(tokens[0]);
    expect(new Set(tokens).size).toBe(1);
    expect(mint).toHaveBeenCalledTimes(1);
    await cache.get("c2");
    expect(mint).toHaveBeenCalledTimes(2);
  });

  it("mints again after the TTL", async () => {
    let now = 0;
    let n = 0;
    const cache = new SessionTokenCache(async () => `t${++n}`, { ttlMs: 1000, now: () => now });
    expect(await cache.get("c1")).toBe("t1");
    now = 999;
    expect(await cache.get("c1")).toBe("t1");
    now = 1000;
    expect(await cache.get("c1")).toBe("t2");
  });

  it("drops a rejected token but keeps one minted since", async () => {
    let n = 0;
    const cache = new SessionTokenCache(async () => `t${++n}`);
    const first = await cache.get("c1");
    cache.invalidate("c1", first);
    const second = await cache.get("c1");
    expect(second).toBe("t2");
    cache.invalidate("c1", first);
    expect(await cache.get("c1")).toBe("t2");
  });

  it("does not cache a failed mint", async () => {
    let fail = true;
    const cache = new SessionTokenCache(async () => {
      if (fail) throw new Error("upstream down");
      return "ok";
    });
    await expect(cache.get("c1")).rejects.toThrow("upstream down");
    fail = false;
    expect(await cache.get("c1")).toBe("ok");
  });
});
