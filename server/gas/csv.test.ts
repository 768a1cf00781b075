import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { gasUsageCsv } from "./csv";

const NOW = Date.UTC(2026, 10, 16);

describe("the gas CSV", () => {
  it("holds the page's rows for the chains with sponsored gas in the range, newest month first", () => {
    const { csv, rows, sha256 } = gasUsageCsv(
      [
        {
          chainId: "eip155:1",
          data: {
            address: "0xf6635B60b4f4F81157302762359aC5C99268C0Fb",
            chainId: "eip155:1",
            usageData: [
              { month: "November", year: 2026, usage: "0.000042000000000001", txCount: 2 },
              { month: "September", year: 2026, usage: "1234.5", txCount: 7 },
            ],
            totalUsage: "1234.500042000000000001",
            totalTxsSponsored: 9,
          },
        },
        // No sponsorship: not shown, so not in the file.
        {
          chainId: "eip155:43114",
          data: { address: "0x0", chainId: "eip155:43114", usageData: [], totalUsage: "0", totalTxsSponsored: 0 },
        },
      ],
      "6",
      NOW,
    );
    expect(rows).toBe(6);
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(parse(csv)).toEqual([
      ["month", "chain", "chain_id", "usage", "unit", "transactions"],
      ["2026-11", "Ethereum", "eip155:1", "0.000042000000000001", "ETH", "2"],
      ["2026-10", "Ethereum", "eip155:1", "0", "ETH", "0"],
      ["2026-09", "Ethereum", "eip155:1", "1234.5", "ETH", "7"],
      ["2026-08", "Ethereum", "eip155:1", "0", "ETH", "0"],
      ["2026-07", "Ethereum", "eip155:1", "0", "ETH", "0"],
      ["2026-06", "Ethereum", "eip155:1", "0", "ETH", "0"],
    ]);
  });
});
