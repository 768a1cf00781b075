import { describe, expect, it } from "vitest";
import type { GasUsageResponse } from "@/lib/contracts/gas";
import { hasUsageOn, monthsOn, readHistory } from "./history";
import { isoMonth, monthOrdinal } from "./months";

const response = (usageData: GasUsageResponse["usageData"], totalUsage = "0"): GasUsageResponse => ({
  address: "0xf6635B60b4f4F81157302762359aC5C99268C0Fb",
  chainId: "eip155:1",
  usageData,
  totalUsage,
  totalTxsSponsored: usageData.reduce((s, m) => s + m.txCount, 0),
});

describe("reading a chain's usage", () => {
  it("orders English month names and years chronologically, across years, whatever the upstream's order", () => {
    const result = readHistory(
      response([
        { month: "January", year: 2026, usage: "0.3", txCount: 3 },
        { month: "November", year: 2025, usage: "0.1", txCount: 1 },
        { month: "December", year: 2025, usage: "0.2", txCount: 2 },
      ]),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.history.months.map((m) => isoMonth(m.month))).toEqual(["2025-11", "2025-12", "2026-01"]);
    expect(result.history.months.map((m) => m.txCount)).toEqual([1, 2, 3]);
  });

  it("keeps gaps as gaps and fills them with zero on an axis", () => {
    const result = readHistory(
      response([
        { month: "June", year: 2026, usage: "0.5", txCount: 5 },
        { month: "March", year: 2026, usage: "0.2", txCount: 2 },
      ]),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.history.months).toHaveLength(2);
    const axis = [3, 4, 5, 6].map((m) => monthOrdinal(2026, m));
    expect(monthsOn(result.history, axis).map((m) => [isoMonth(m.month), m.txCount])).toEqual([
      ["2026-03", 2],
      ["2026-04", 0],
      ["2026-05", 0],
      ["2026-06", 5],
    ]);
    expect(hasUsageOn(result.history, axis.slice(1, 3))).toBe(false);
    expect(hasUsageOn(result.history, axis)).toBe(true);
  });

  it("merges a month listed twice and keeps more decimals than the native coin when the upstream sends them", () => {
    const result = readHistory(
      response([
        { month: "June", year: 2026, usage: "0.1", txCount: 1 },
        { month: "june", year: 2026, usage: "0.0000000000000000001", txCount: 1 },
      ]),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.history.scale).toBe(19);
    expect(result.history.months).toEqual([
      { month: monthOrdinal(2026, 6), usage: 1_000_000_000_000_000_001n, txCount: 2 },
    ]);
  });

  it("refuses a month name or an amount it cannot read", () => {
    expect(readHistory(response([{ month: "Juin", year: 2026, usage: "1", txCount: 1 }]))).toEqual({
      ok: false,
      message: "“Juin” is not an English month name",
    });
    expect(readHistory(response([{ month: "June", year: 2026, usage: "1e-3", txCount: 1 }]))).toMatchObject({
      ok: false,
    });
  });
});
