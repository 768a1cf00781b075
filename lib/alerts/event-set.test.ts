import { describe, expect, it } from "vitest";
import { eventScope, exportLabel, replayAllLabel } from "./event-set";
import type { ValidFilters } from "./filters";

const base: ValidFilters = { type: "EIP_155_TX_V1", statuses: [], tz: "UTC", chains: [], limit: 100, test: "include" };

describe("the set of events in words", () => {
  it("names the whole webhook when nothing is filtered", () => {
    expect(exportLabel(base, 565)).toBe("Export all 565 events");
    expect(replayAllLabel(base)).toBe("Replay all failed events…");
  });

  it("names status, chain and window, in the chosen zone", () => {
    const filters: ValidFilters = {
      ...base,
      statuses: ["failed"],
      chains: ["eip155:11155111"],
      from: new Date("2026-11-01T00:00:00Z"),
      to: new Date("2026-11-07T17:45:00Z"),
    };
    expect(exportLabel(filters, 1042)).toBe(
      "Export 1,042 failed events on Sepolia from 1 Nov 2026 00:00 to 7 Nov 2026 17:45 UTC",
    );
    expect(eventScope({ ...filters, tz: "Europe/Berlin" })).toBe(
      " on Sepolia from 1 Nov 2026 01:00 to 7 Nov 2026 18:45 Europe/Berlin (UTC+01:00)",
    );
  });

  it("counts many chains and blocks, shortens a hash, and says one event", () => {
    const filters: ValidFilters = {
      ...base,
      statuses: ["failed", "pending"],
      chains: ["eip155:1", "eip155:8453", "eip155:137"],
      hash: `0x${"ab".repeat(32)}`,
      blocks: [1, 2, 3],
    };
    expect(exportLabel(filters, 1)).toBe(
      "Export 1 failed or pending event on 3 chains of transaction 0xabababab… in 3 blocks",
    );
  });
});
