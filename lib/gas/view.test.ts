import { describe, expect, it } from "vitest";
import type { GasUsageResponse } from "@/lib/contracts/gas";
import { chartRows } from "./chart-data";
import { isoMonth, monthOrdinal } from "./months";
import { usageCsvCells, usageRows } from "./rows";
import { buildGasView } from "./view";

const NOW = Date.UTC(2026, 10, 16); // half of November 2026
const answer = (chainId: string, usageData: GasUsageResponse["usageData"]): GasUsageResponse => ({
  address: "0xf6635B60b4f4F81157302762359aC5C99268C0Fb",
  chainId,
  usageData,
  totalUsage: "9",
  totalTxsSponsored: 99,
});
const ethereum = answer("eip155:1", [
  { month: "November", year: 2026, usage: "0.5", txCount: 5 },
  { month: "September", year: 2026, usage: "0.000000000000000001", txCount: 1 },
  { month: "August", year: 2026, usage: "0.25", txCount: 3 },
  { month: "January", year: 2025, usage: "1", txCount: 1 },
]);
const polygon = answer("eip155:137", [{ month: "October", year: 2026, usage: "3", txCount: 30 }]);

describe("the gas view", () => {
  it("covers the last N months up to the current one, or all of them", () => {
    const six = buildGasView([{ chainId: "eip155:1", data: ethereum }], "6", NOW);
    expect(six.current).toBe(monthOrdinal(2026, 11));
    expect(six.axis.map(isoMonth)).toEqual(["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"]);
    const all = buildGasView([{ chainId: "eip155:1", data: ethereum }], "all", NOW);
    expect(all.axis).toHaveLength(23);
    expect(isoMonth(all.axis[0] as number)).toBe("2025-01");
  });

  it("says per chain whether it loads, failed, has nothing, has nothing in the range, or is shown", () => {
    const view = buildGasView(
      [
        { chainId: "eip155:1", data: ethereum },
        { chainId: "eip155:8453" },
        { chainId: "eip155:10", error: "The upstream could not be reached in time; try again." },
        { chainId: "eip155:43114", data: answer("eip155:43114", []) },
        {
          chainId: "eip155:42161",
          data: answer("eip155:42161", [{ month: "May", year: 2024, usage: "1", txCount: 1 }]),
        },
        { chainId: "eip155:137", data: polygon },
      ],
      "12",
      NOW,
    );
    expect(view.states.map((s) => s.status)).toEqual(["shown", "loading", "error", "empty", "outside-range", "shown"]);
    expect(view.shown.map((s) => [s.chainId, s.slot])).toEqual([
      ["eip155:1", 0],
      ["eip155:137", 5],
    ]);
    const outside = view.states[4];
    expect(outside?.status === "outside-range" && isoMonth(outside.lastMonth)).toBe("2024-05");
  });

  it("turns an unreadable answer into an error, not a chart", () => {
    const view = buildGasView(
      [{ chainId: "eip155:1", data: answer("eip155:1", [{ month: "Juin", year: 2026, usage: "1", txCount: 1 }]) }],
      "12",
      NOW,
    );
    expect(view.states[0]).toMatchObject({ status: "error", message: expect.stringMatching(/Juin/) });
    expect(view.shown).toEqual([]);
  });

  it("totals the range only, exactly", () => {
    const [eth] = buildGasView([{ chainId: "eip155:1", data: ethereum }], "12", NOW).shown;
    expect(eth?.totals.usage).toBe(750_000_000_000_000_001n);
    expect(eth?.totals.txCount).toBe(9);
    expect(eth?.change).toMatchObject({ month: monthOrdinal(2026, 10), usage: { kind: "down", percent: -100 } });
  });

  it("lists one row per month and chain, newest first, zeros in the gaps, and the CSV cells of each", () => {
    const view = buildGasView(
      [
        { chainId: "eip155:1", data: ethereum },
        { chainId: "eip155:137", data: polygon },
      ],
      "6",
      NOW,
    );
    const rows = usageRows(
      view.shown.map((s) => s.history),
      view.axis,
    );
    expect(rows).toHaveLength(12);
    expect(rows.slice(0, 4).map(usageCsvCells)).toEqual([
      ["2026-11", "Ethereum", "eip155:1", "0.5", "ETH", 5],
      ["2026-11", "Polygon", "eip155:137", "0", "POL", 0],
      ["2026-10", "Ethereum", "eip155:1", "0", "ETH", 0],
      ["2026-10", "Polygon", "eip155:137", "3", "POL", 30],
    ]);
    expect(rows.find((r) => isoMonth(r.month) === "2026-09" && r.chainId === "eip155:1")?.usage).toBe(
      "0.000000000000000001",
    );
  });

  it("charts the range and, with a forecast, the next month's estimate after it", () => {
    const view = buildGasView([{ chainId: "eip155:1", data: ethereum }], "6", NOW);
    const rows = chartRows(view);
    expect(rows.map((r) => r.tick)).toEqual([
      "Jun 2026",
      "Jul 2026",
      "Aug 2026",
      "Sep 2026",
      "Oct 2026",
      "Nov 2026",
      "Dec 2026",
    ]);
    const [oct, nov, dec] = rows.slice(-3);
    expect(oct).toMatchObject({ usage: [0], txCount: [0], estimate: [0], future: false });
    expect(nov?.usageExact).toEqual(["0.5"]);
    expect(nov?.estimate[0]).toBeCloseTo(view.shown[0]?.forecast?.usage.current ?? NaN, 12);
    expect(dec).toMatchObject({ future: true, usage: [null], usageExact: [null], txCount: [null] });
    expect(dec?.estimate[0]).toBeCloseTo(view.shown[0]?.forecast?.usage.next ?? NaN, 12);
    expect(rows[0]?.estimate).toEqual([null]);
  });
});
