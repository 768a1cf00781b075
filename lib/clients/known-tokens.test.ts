import { describe, expect, it } from "vitest";
import { BITCOIN_TESTNET_P2WPKH, SOLANA_DEVNET } from "../chains";
import type { AssetsResponse } from "../contracts";
import { findKnownToken, holdingOf, knownTokens } from "./known-tokens";

const LINK = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const assets: AssetsResponse = {
  nativeBalance: { balance: "10", decimals: 18, name: "Ether", rawBalance: "10000000000000000000", symbol: "ETH" },
  tokenBalances: [
    {
      balance: "100",
      decimals: 18,
      name: "ChainLink Token",
      rawBalance: "100000000000000000000",
      symbol: "LINK",
      metadata: { tokenAddress: LINK },
    },
  ],
};

describe("known tokens", () => {
  it("without balances: the native coin and the spec's transfer symbols", () => {
    expect(knownTokens("eip155:84531").map((t) => [t.symbol, t.value, t.native])).toEqual([
      ["ETH", "ETH", true],
      ["USDC", "USDC", false],
      ["USDT", "USDT", false],
    ]);
    expect(knownTokens(SOLANA_DEVNET).map((t) => t.symbol)).toEqual(["SOL", "USDC"]);
    expect(knownTokens(BITCOIN_TESTNET_P2WPKH).map((t) => t.symbol)).toEqual(["BTC"]);
  });

  it("with balances: held tokens by contract address, with their balance", () => {
    const tokens = knownTokens("eip155:11155111", assets);
    expect(tokens.map((t) => t.symbol)).toEqual(["ETH", "LINK", "USDC", "USDT"]);
    expect(tokens[1]).toMatchObject({ value: LINK, address: LINK, decimals: 18, balance: { formatted: "100" } });
    expect(tokens[0]?.balance?.raw).toBe(10n ** 19n);
  });

  it("keeps a choice when a listed symbol becomes a held token with an address", () => {
    const before = knownTokens("eip155:11155111").find((t) => t.symbol === "USDC");
    const withUsdc: AssetsResponse = {
      ...assets,
      tokenBalances: [
        { ...assets.tokenBalances[0]!, symbol: "USDC", decimals: 6, metadata: { tokenAddress: "0xUSDC" } },
      ],
    };
    const after = findKnownToken(knownTokens("eip155:11155111", withUsdc), {
      id: before?.id ?? "",
      symbol: before?.symbol ?? "",
    });
    expect(after).toMatchObject({ symbol: "USDC", value: "0xUSDC" });
  });
});

describe("holdings", () => {
  it("finds a token by symbol, EVM address in any case, or NATIVE", () => {
    expect(holdingOf(assets, "link", "eip155")?.raw).toBe(10n ** 20n);
    expect(holdingOf(assets, LINK.toLowerCase(), "eip155")?.symbol).toBe("LINK");
    expect(holdingOf(assets, "NATIVE", "eip155")?.symbol).toBe("ETH");
    expect(holdingOf(assets, "USDC", "eip155")).toBeUndefined();
  });
});
