import { describe, expect, it } from "vitest";
import type { ChainHistory } from "./history";
import { monthOrdinal } from "./months";
import { changeOf, lastMonthChange, totalsOf } from "./totals";

const ETH = 10n ** 18n;
const history = (months: [month: number, usage: bigint, txCount: number][]): ChainHistory => ({
  chainId: "eip155:1",
  address: "0x0",
  scale: 18,
  months: months.map(([m, usage, txCount]) => ({ month: monthOrdinal(2026, m), usage, txCount })),
  totalUsage: 0n,
  totalTxs: 0,
});

describe("totals", () => {
  it("sums usage exactly and averages per transaction, rounding half up", () => {
    const totals = totalsOf([
      { month: 1, usage: 100_000_000_000_000_001n, txCount: 2 },
      { month: 2, usage: 200_000_000_000_000_000n, txCount: 1 },
    ]);
    expect(totals.usage).toBe(300_000_000_000_000_001n);
    expect(totals.txCount).toBe(3);
    // 300000000000000001 / 3 = 100000000000000000.33… → …000
    expect(totals.averagePerTx).toBe(100_000_000_000_000_000n);
    expect(totalsOf([{ month: 1, usage: 5n, txCount: 2 }]).averagePerTx).toBe(3n);
  });

  it("has no average without transactions", () => {
    expect(totalsOf([])).toEqual({ usage: 0n, txCount: 0, averagePerTx: null });
  });
});

describe("change against the previous month", () => {
  it("is a percentage with two decimals, up, down or flat", () => {
    expect(changeOf(150n, 100n)).toEqual({ kind: "up", percent: 50 });
    expect(changeOf(2n, 3n)).toEqual({ kind: "down", percent: -33.33 });
    expect(changeOf(1n, 3n)).toEqual({ kind: "down", percent: -66.67 });
    expect(changeOf(7n, 7n)).toEqual({ kind: "flat", percent: 0 });
    // Exact on 18-decimal amounts a float would blur: +1 wei on 1 ETH is +0.00%, flat.
    expect(changeOf(ETH + 1n, ETH)).toEqual({ kind: "flat", percent: 0 });
  });

  it("names the cases without a percentage", () => {
    expect(changeOf(5n, 0n)).toEqual({ kind: "new" });
    expect(changeOf(0n, 0n)).toEqual({ kind: "none" });
  });

  it("compares the latest complete month with the one before, leaving the month in progress out", () => {
    const h = history([
      [8, 2n * ETH, 20],
      [9, 3n * ETH, 30],
      [10, 1n * ETH, 90], // the month in progress
    ]);
    const change = lastMonthChange(h, monthOrdinal(2026, 10));
    expect(change).toEqual({
      month: monthOrdinal(2026, 9),
      previous: monthOrdinal(2026, 8),
      usage: { kind: "up", percent: 50 },
      txCount: { kind: "up", percent: 50 },
    });
  });

  it("reads a gap month as zero, and is null before the chain's first month", () => {
    const h = history([[7, ETH, 10]]);
    expect(lastMonthChange(h, monthOrdinal(2026, 9))).toMatchObject({
      usage: { kind: "down", percent: -100 },
    });
    expect(lastMonthChange(h, monthOrdinal(2026, 8))).toMatchObject({ usage: { kind: "new" } });
    expect(lastMonthChange(h, monthOrdinal(2026, 7))).toBeNull();
  });
});
