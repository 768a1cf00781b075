import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keptFor } from "./kept";

describe("keptFor", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it("answers from what it kept until the keep time ends, then reads again", async () => {
    const kept = keptFor<number>({ keepMs: 1_000, failedMs: 0 });
    let reads = 0;
    const load = async () => ++reads;
    expect(await kept.get("a", load)).toBe(1);
    vi.advanceTimersByTime(999);
    expect(await kept.get("a", load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await kept.get("a", load)).toBe(2);
  });

  it("shares one read between askings while it runs, and says which asking started it", () => {
    const kept = keptFor<string>({ keepMs: 1_000, failedMs: 0 });
    const load = vi.fn(() => new Promise<string>(() => {}));
    const first = kept.read("k", load);
    const second = kept.read("k", load);
    expect(load).toHaveBeenCalledTimes(1);
    expect([first.fresh, second.fresh]).toEqual([true, false]);
    expect(second.value).toBe(first.value);
  });

  it("keeps a failure failedMs, or forgets it at once when that is 0", async () => {
    const slow = keptFor<number>({ keepMs: 60_000, failedMs: 15_000 });
    const failing = vi.fn(() => Promise.reject(new Error("refused")));
    await expect(slow.get("a", failing)).rejects.toThrow("refused");
    await expect(slow.get("a", failing)).rejects.toThrow("refused");
    expect(failing).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(15_000);
    await expect(slow.get("a", failing)).rejects.toThrow("refused");
    expect(failing).toHaveBeenCalledTimes(2);

    const quick = keptFor<number>({ keepMs: 60_000, failedMs: 0 });
    await expect(quick.get("a", failing)).rejects.toThrow("refused");
    expect(await quick.get("a", async () => 7)).toBe(7);
  });

  it("takes a keep time per asking, forgets a key or all, and drops the oldest key past max", async () => {
    const kept = keptFor<string>({ keepMs: 1_000, failedMs: 0, max: 2 });
    await kept.get("long", async () => "first", 10_000);
    vi.advanceTimersByTime(5_000);
    expect(await kept.get("long", async () => "second")).toBe("first");
    kept.forget("long");
    expect(await kept.get("long", async () => "third")).toBe("third");
    await kept.get("b", async () => "b");
    await kept.get("c", async () => "c");
    // "long" was the oldest of three with room for two.
    expect(await kept.get("long", async () => "fourth")).toBe("fourth");
    kept.forget();
    expect(await kept.get("c", async () => "c2")).toBe("c2");
  });
});
