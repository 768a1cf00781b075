import { describe, expect, it } from "vitest";
import { filterChips } from "./filter-chips";
import type { ValidFilters } from "./filters";

const base: ValidFilters = { type: "EIP_155_TX_V1", statuses: [], tz: "UTC", chains: [], limit: 100, test: "include" };

describe("applied filters as chips", () => {
  it("has none for the whole webhook", () => {
    expect(filterChips(base, null)).toEqual([]);
  });

  it("says each filter in words and clears only its own", () => {
    const chips = filterChips(
      {
        ...base,
        statuses: ["failed"],
        chains: ["eip155:11155111", "eip155:1"],
        from: new Date("2026-11-01T09:30:00Z"),
        hash: `0x${"ab".repeat(32)}`,
        blocks: [100, 101, 150],
      },
      "100-101, 150",
    );
    expect(chips.map((c) => c.label)).toEqual([
      "Status: failed",
      "Chains: Sepolia, Ethereum",
      "From: 1 Nov 2026 09:30 UTC",
      "Transaction: 0xabababab…",
      "Blocks: 100-101, 150",
    ]);
    expect(chips[0]!.clear).toEqual({ status: [] });
    expect(chips[2]!.clear).toEqual({ from: null });
  });

  it("shows a zone of its own only when no time carries it", () => {
    expect(filterChips({ ...base, tz: "Europe/Berlin" }, null).map((c) => c.key)).toEqual(["tz"]);
  });
});
