import { describe, expect, it } from "vitest";
import { forecastChain, forecastSeries, leastSquares } from "./forecast";
import type { ChainHistory } from "./history";
import { monthOrdinal } from "./months";

const ETH = 10n ** 18n;

describe("least squares", () => {
  it("fits hand-computed lines", () => {
    expect(leastSquares([1, 2, 3])).toEqual({ intercept: 1, slope: 1 });
    // x̄ = 1.5, ȳ = 3.75, Σ(x−x̄)(y−ȳ) = −17.5, Σ(x−x̄)² = 5 → slope −3.5, intercept 9.
    expect(leastSquares([10, 5, 0, 0])).toEqual({ intercept: 9, slope: -3.5 });
    expect(leastSquares([4])).toEqual({ intercept: 4, slope: 0 });
    expect(leastSquares([])).toEqual({ intercept: 0, slope: 0 });
  });
});

describe("forecast of one series", () => {
  it("blends the month's pro rata with the trend by the share of the month elapsed", () => {
    // Trend through 1, 2, 3 → 4 this month. Half the month gone with 2 so far → pro rata 4.
    // 0.5 × 4 + 0.5 × 4 = 4; next month: the line through 1, 2, 3, 4 → 5.
    expect(forecastSeries([1, 2, 3], 2, 0.5)).toEqual({
      soFar: 2,
      proRata: 4,
      trend: 4,
      trendMonths: 3,
      current: 4,
      next: 5,
    });
    // A quarter gone with 3 so far: pro rata 12; 0.25 × 12 + 0.75 × 4 = 6.
    const fast = forecastSeries([1, 2, 3], 3, 0.25);
    expect(fast?.current).toBeCloseTo(6, 12);
    // Next: the line through 1, 2, 3, 6: x̄ = 1.5, ȳ = 3, Σ(x−x̄)(y−ȳ) = 8, Σ(x−x̄)² = 5, so
    // slope 1.6 and intercept 0.6; at x = 4 → 7.
    expect(fast?.next).toBeCloseTo(7, 12);
  });

  it("fits only the last N complete months", () => {
    const f = forecastSeries([100, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6], 0, 0, 6);
    expect(f?.trendMonths).toBe(6);
    // The line through 1…6 at x = 6 → 7; nothing elapsed, so the month is the trend alone.
    expect(f?.trend).toBe(7);
    expect(f?.current).toBe(7);
    expect(f?.next).toBe(8);
  });

  it("with a single complete month, the trend is flat", () => {
    // Trend 10; a quarter gone with nothing yet → 0 + 0.75 × 10 = 7.5; next: the line through
    // 10 and 7.5 (slope −2.5) at x = 2 → 5.
    expect(forecastSeries([10], 0, 0.25)).toEqual({
      soFar: 0,
      proRata: 0,
      trend: 10,
      trendMonths: 1,
      current: 7.5,
      next: 5,
    });
  });

  it("with only the month in progress, is its pro rata, flat into the next month", () => {
    expect(forecastSeries([], 3, 0.25)).toMatchObject({ trend: null, proRata: 12, current: 12, next: 12 });
  });

  it("has nothing to say without data", () => {
    expect(forecastSeries([], 0, 0.5)).toBeNull();
  });

  it("floors a falling trend at zero and never goes below what is already sponsored", () => {
    const f = forecastSeries([10, 5, 0], 1, 0.5);
    expect(f?.trend).toBe(0);
    expect(f?.current).toBe(1);
    expect(f?.next).toBe(0);
  });

  it("at the month's end, is what was sponsored", () => {
    expect(forecastSeries([1, 2, 3], 9, 1)?.current).toBe(9);
  });
});

describe("forecast of a chain", () => {
  const history = (months: [month: number, usage: bigint, txCount: number][]): ChainHistory => ({
    chainId: "eip155:1",
    address: "0x0",
    scale: 18,
    months: months.map(([m, usage, txCount]) => ({ month: monthOrdinal(2026, m), usage, txCount })),
    totalUsage: 0n,
    totalTxs: 0,
  });

  it("projects a month in progress from its days so far, in native units and transactions", () => {
    // Noon on 16 November 2026: half of November (30 days) has passed.
    const now = Date.UTC(2026, 10, 16);
    const f = forecastChain(
      history([
        [8, 1n * ETH, 10],
        [9, 2n * ETH, 20],
        [10, 3n * ETH, 30],
        [11, 2n * ETH, 20],
      ]),
      now,
    );
    expect(f?.current).toBe(monthOrdinal(2026, 11));
    expect(f?.next).toBe(monthOrdinal(2026, 12));
    expect(f?.elapsed).toBeCloseTo(0.5, 12);
    expect(f?.usage.current).toBeCloseTo(4, 12);
    expect(f?.usage.next).toBeCloseTo(5, 12);
    expect(f?.txCount.current).toBeCloseTo(40, 12);
    expect(f?.txCount.next).toBeCloseTo(50, 12);
  });

  it("counts a gap after the first month as zero and nothing before it", () => {
    // July 3 ETH, August nothing, September 3 ETH: the trend through 3, 0, 3 is flat at 2.
    const f = forecastChain(
      history([
        [7, 3n * ETH, 3],
        [9, 3n * ETH, 3],
      ]),
      Date.UTC(2026, 9, 1),
    );
    expect(f?.usage.trendMonths).toBe(3);
    expect(f?.usage.current).toBeCloseTo(2, 12);
  });

  it("is null for a chain without data, or with a month after the clock's", () => {
    expect(forecastChain(history([]), Date.UTC(2026, 10, 16))).toBeNull();
    expect(forecastChain(history([[12, ETH, 1]]), Date.UTC(2026, 10, 16))).toBeNull();
  });
});
