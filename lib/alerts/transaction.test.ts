import { describe, expect, it } from "vitest";
import { transferUnit } from "./transaction";

describe("transferUnit", () => {
  it("names the chain's own coin, never 'native'", () => {
    // Sepolia's and Polygon Amoy's coins as their chains name them (ETH, POL).
    expect(transferUnit("eip155:11155111", null)).toBe("ETH");
    expect(transferUnit("eip155:80002", null)).toBe("POL");
  });

  it("keeps a token's own symbol, names a well-known one and shortens an unnamed address", () => {
    const usdc = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
    expect(transferUnit("eip155:1", { address: usdc, symbol: "XYZ", decimals: 6 })).toBe("XYZ");
    expect(transferUnit("eip155:1", { address: usdc, symbol: null, decimals: null })).toBe("USDC");
    expect(transferUnit("eip155:1", { address: `0x${"5".repeat(40)}`, symbol: null, decimals: null })).toMatch(
      /^token 0x5555/,
    );
  });
});
