import { describe, expect, it } from "vitest";
import { balanceChainsOf, balanceRows, emptyChains, tokenTotals, type ChainBalances } from "./balances";

const assets = (native: [string, string, number], tokens: [string, string, number, string][] = []) =>
  ({
    nativeBalance: { symbol: native[0], name: native[0], rawBalance: native[1], decimals: native[2], balance: "" },
    tokenBalances: tokens.map(([symbol, raw, decimals, address]) => ({
      symbol,
      name: symbol,
      rawBalance: raw,
      decimals,
      balance: "",
      metadata: { tokenAddress: address },
    })),
  }) as never;

describe("balances across chains", () => {
  it("reads only chains of families the client has a wallet on", () => {
    const chains = balanceChainsOf({ metadata: { namespaces: { tron: { address: "T" } } } } as never);
    expect(chains).toEqual(["tron:mainnet", "tron:nile", "tron:shasta"]);
  });

  it("lists non-zero holdings, totals per token exactly, testnets apart, and names empty chains", () => {
    const chains: ChainBalances[] = [
      { chainId: "eip155:1", ok: true, assets: assets(["ETH", "1000000000000000001", 18]) },
      { chainId: "eip155:8453", ok: true, assets: assets(["ETH", "2", 18], [["USDC", "1500000", 6, "0xa"]]) },
      { chainId: "eip155:11155111", ok: true, assets: assets(["ETH", "5", 18]) },
      {
        chainId: "eip155:56",
        ok: true,
        assets: assets(["BNB", "0", 18], [["USDC", "1000000000000000000", 18, "0xb"]]),
      },
      { chainId: "eip155:137", ok: true, assets: assets(["POL", "0", 18]) },
      { chainId: "tron:mainnet", ok: false, message: "could not be read" },
    ];
    const rows = balanceRows(chains);
    expect(rows.map((r) => `${r.chain} ${r.symbol} ${r.amount}`)).toEqual([
      "Ethereum ETH 1.000000000000000001",
      "Base ETH 0.000000000000000002",
      "Base USDC 1.5",
      "Sepolia ETH 0.000000000000000005",
      "BNB Smart Chain USDC 1",
    ]);
    expect(tokenTotals(rows)).toEqual([
      { token: "ETH", amount: "1.000000000000000003", chains: ["Ethereum", "Base"] },
      { token: "USDC", amount: "2.5", chains: ["Base", "BNB Smart Chain"] },
      { token: "ETH · testnets", amount: "0.000000000000000005", chains: ["Sepolia"] },
    ]);
    expect(emptyChains(chains)).toEqual(["eip155:137"]);
  });
});
