import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findStart, planSlices, splitRange, type Slice } from "./plan";

/** The slices tile [lo, hi): sorted, each non-empty, each starting where the previous ended. */
function expectTiling(slices: Slice[], lo: number, hi: number) {
  const sorted = [...slices].sort((a, b) => a.lo - b.lo);
  expect(sorted[0]?.lo).toBe(lo);
  expect(sorted.at(-1)?.hi).toBe(hi);
  for (const [i, s] of sorted.entries()) {
    expect(s.hi).toBeGreaterThan(s.lo);
    if (i > 0) expect(s.lo).toBe(sorted[i - 1]?.hi);
  }
}

/** Which slice holds instant t (half-open): exactly one for every t in [lo, hi). */
const holders = (slices: Slice[], t: number) => slices.filter((s) => t >= s.lo && t < s.hi).length;

describe("splitting a range into slices", () => {
  it("cuts on whole seconds into pieces that cover the range exactly", () => {
    const lo = Date.UTC(2026, 0, 1, 0, 0, 0, 250);
    const hi = lo + 10_000;
    const pieces = splitRange({ lo, hi }, 4);
    expect(pieces).toHaveLength(4);
    expectTiling(pieces, lo, hi);
    for (const p of pieces.slice(1)) expect(p.lo % 1000).toBe(0);
    // An instant on a boundary belongs to the later slice only; the millisecond before, to the earlier.
    const boundary = (pieces[1] as Slice).lo;
    expect(holders(pieces, boundary)).toBe(1);
    expect(pieces.find((s) => boundary >= s.lo && boundary < s.hi)).toBe(pieces[1]);
    expect(pieces.find((s) => boundary - 1 >= s.lo && boundary - 1 < s.hi)).toBe(pieces[0]);
  });

  it("never makes a piece shorter than a second, and leaves a range under two seconds whole", () => {
    expect(splitRange({ lo: 0, hi: 1500 }, 8)).toEqual([{ lo: 0, hi: 1500 }]);
    expect(splitRange({ lo: 0, hi: 3000 }, 8)).toEqual([
      { lo: 0, hi: 1000 },
      { lo: 1000, hi: 2000 },
      { lo: 2000, hi: 3000 },
    ]);
    expect(splitRange({ lo: 5, hi: 5 }, 8)).toEqual([]);
  });

  it("tiles any range, for any number of parts (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000_000 }),
        fc.integer({ min: 1, max: 400 * 86_400_000 }),
        fc.integer({ min: 1, max: 16 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (lo, width, parts, probe) => {
          const hi = lo + width;
          const pieces = splitRange({ lo, hi }, parts);
          expectTiling(pieces, lo, hi);
          expect(pieces.length).toBeLessThanOrEqual(parts);
          for (const p of pieces.slice(1)) expect(p.lo % 1000).toBe(0);
          expect(holders(pieces, lo + (probe % width))).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("planning slices by the upstream's counts", () => {
  // Events at known instants; the counter answers the widened query (a second more each side).
  const counter = (events: number[]) => {
    let calls = 0;
    const count = async ({ fromMs, untilMs }: { fromMs: number | null; untilMs: number }) => {
      calls++;
      const since = fromMs === null ? -Infinity : (Math.floor(fromMs / 1000) - 1) * 1000;
      const until = (Math.ceil(untilMs / 1000) + 1) * 1000;
      return events.filter((t) => t >= since && t < until).length;
    };
    return { count, calls: () => calls };
  };

  it("splits dense parts until each slice holds few rows, newest first, tiling the range", async () => {
    const lo = 1_700_000_000_000;
    const hi = lo + 3_600_000;
    // A quiet hour with a burst of 500 events in one minute.
    const events = [
      ...Array.from({ length: 100 }, (_, i) => lo + i * 36_000),
      ...Array.from({ length: 500 }, (_, i) => lo + 1_800_000 + i * 120),
    ];
    const { count, calls } = counter(events);
    const { slices, requests } = await planSlices({ lo, hi, count: events.length }, count, {
      sliceRows: 100,
      maxSlices: 64,
      maxRequests: 200,
      fanOut: 8,
    });
    expect(requests).toBe(calls());
    expectTiling(slices, lo, hi);
    expect(slices.map((s) => s.lo)).toEqual([...slices.map((s) => s.lo)].sort((a, b) => b - a));
    // Each slice is small enough, or a second wide and cannot be cut further.
    for (const s of slices) expect(s.count <= 100 || s.hi - s.lo < 2000).toBe(true);
    // Every event falls in exactly one slice.
    for (const t of events) expect(holders(slices, t)).toBe(1);
  });

  it("stops at its budgets", async () => {
    const events = Array.from({ length: 10_000 }, (_, i) => i * 100);
    const { count } = counter(events);
    const limited = await planSlices({ lo: 0, hi: 1_000_000, count: events.length }, count, {
      sliceRows: 10,
      maxSlices: 20,
      maxRequests: 1000,
      fanOut: 8,
    });
    expect(limited.slices.length).toBeLessThanOrEqual(20);
    expectTiling(limited.slices, 0, 1_000_000);
    const cheap = await planSlices({ lo: 0, hi: 1_000_000, count: events.length }, count, {
      sliceRows: 10,
      maxSlices: 64,
      maxRequests: 12,
      fanOut: 8,
    });
    expect(cheap.requests).toBeLessThanOrEqual(12);
    expectTiling(cheap.slices, 0, 1_000_000);
  });

  it("finds where the events start when the filters have no start", async () => {
    const until = Date.UTC(2026, 5, 1);
    const oldest = until - 37 * 86_400_000 - 12_345;
    const events = [oldest, until - 1000, until - 5 * 86_400_000];
    const { count } = counter(events);
    const { fromMs } = await findStart(until, events.length, count, { fanOut: 4, maxRequests: 20 });
    expect(fromMs % 1000).toBe(0);
    expect(fromMs).toBeLessThanOrEqual(oldest);
    expect(oldest - fromMs).toBeLessThanOrEqual(64 * 86_400_000);
    const none = await findStart(until, 5, count, { fanOut: 4, maxRequests: 8 });
    expect(none.fromMs).toBe(0);
  });
});
