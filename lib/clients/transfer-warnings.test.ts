import { describe, expect, it } from "vitest";
import type { AssetsResponse } from "../contracts";
import type { ClientAddress } from "./addresses";
import { balanceWarning, exceedsBalance, ownAddressWarning, transferWarnings } from "./transfer-warnings";

const USDC = "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238";
const assets: AssetsResponse = {
  nativeBalance: { balance: "0.5", decimals: 18, name: "Ether", rawBalance: "500000000000000000", symbol: "ETH" },
  tokenBalances: [
    {
      balance: "10000",
      decimals: 6,
      name: "USD Coin",
      rawBalance: "10000000000",
      symbol: "USDC",
      metadata: { tokenAddress: USDC },
    },
  ],
};
const sepolia = { chainId: "eip155:11155111", family: "eip155" as const, balance: { kind: "read" as const, assets } };

describe("amount against balance", () => {
  it.each([
    ["10000", 10_000_000_000n, 6, false],
    ["10000.000001", 10_000_000_000n, 6, true],
    // More decimals than the token has: still compared exactly, not rounded away.
    ["10000.0000001", 10_000_000_000n, 6, true],
    ["0.5", 500_000_000_000_000_000n, 18, false],
    ["0.500000000000000001", 500_000_000_000_000_000n, 18, true],
    ["1", 0n, 8, true],
    ["0.00000001", 1n, 8, false],
  ])("%s against raw %s with %i decimals exceeds: %s", (amount, raw, decimals, expected) => {
    expect(exceedsBalance(amount, raw, decimals)).toBe(expected);
  });

  it("warns when the amount is more than the token's balance, naming both", () => {
    const w = balanceWarning({ ...sepolia, token: USDC.toLowerCase(), tokenLabel: "USDC", amount: "10000.5" });
    expect(w?.tone).toBe("warning");
    expect(w?.message).toMatch(/^10000\.5 USDC is more than the client's balance on Sepolia \(10000 USDC\)/);
  });

  it("does not warn within the balance, by symbol or by address", () => {
    expect(balanceWarning({ ...sepolia, token: "usdc", tokenLabel: "USDC", amount: "9999.999999" })).toBeUndefined();
    expect(balanceWarning({ ...sepolia, token: USDC, tokenLabel: "USDC", amount: "10000" })).toBeUndefined();
    expect(balanceWarning({ ...sepolia, token: "ETH", tokenLabel: "ETH", amount: "0.5" })).toBeUndefined();
  });

  it("checks the native coin against the native balance", () => {
    expect(balanceWarning({ ...sepolia, token: "ETH", tokenLabel: "ETH", amount: "0.51" })?.message).toMatch(
      /0\.51 ETH is more than the client's balance on Sepolia \(0\.5 ETH\)/,
    );
  });

  it("treats a token the balances do not list as not held", () => {
    const w = balanceWarning({ ...sepolia, token: "USDT", tokenLabel: "USDT", amount: "1" });
    expect(w?.message).toMatch(/holds no USDT on Sepolia/);
  });

  it("stays quiet about an amount that is not one yet", () => {
    expect(balanceWarning({ ...sepolia, token: "USDC", tokenLabel: "USDC", amount: "1e9" })).toBeUndefined();
    expect(balanceWarning({ ...sepolia, token: "USDC", tokenLabel: "USDC", amount: "" })).toBeUndefined();
  });

  it("says when the balance cannot be checked, and why", () => {
    const w = balanceWarning({
      chainId: "eip155:84531",
      family: "eip155",
      balance: { kind: "unavailable", reason: "Base Goerli has no balances entry." },
      token: "ETH",
      tokenLabel: "ETH",
      amount: "1",
    });
    expect(w).toEqual({
      id: "balance-unchecked",
      tone: "info",
      message: "Balance not checked: Base Goerli has no balances entry.",
    });
  });
});

describe("recipient is the client's own address", () => {
  const own: ClientAddress[] = [
    { namespace: "eip155", curve: "SECP256K1", label: "EVM", address: "0x52908400098527886E0F7030069857D2E4169EE7" },
    {
      namespace: "bip122",
      curve: "SECP256K1",
      label: "Bitcoin (testnet)",
      address: "tb1q2ffg29d7ykc5jxpfza99g6dcn75s6qtyp2fq3h",
      network: "testnet",
    },
    { namespace: "solana", curve: "ED25519", label: "Solana", address: "6dg7pxBqHi1WvTP8KTe91HEJACEGFzJowFUGkHmCh3PE" },
  ];

  it("matches EVM addresses whatever their case", () => {
    expect(ownAddressWarning("eip155", " 0x52908400098527886e0f7030069857d2e4169ee7 ", own)?.message).toBe(
      "The recipient is the client's own EVM address: this transfer would not leave the client.",
    );
  });

  it("matches bech32 in either case but base58 only exactly", () => {
    expect(ownAddressWarning("bip122", "TB1Q2FFG29D7YKC5JXPFZA99G6DCN75S6QTYP2FQ3H", own)).toBeDefined();
    expect(ownAddressWarning("solana", "6dg7pxBqHi1WvTP8KTe91HEJACEGFzJowFUGkHmCh3PE", own)).toBeDefined();
    expect(ownAddressWarning("solana", "6DG7PXBQHI1WVTP8KTE91HEJACEGFZJOWFUGKHMCH3PE", own)).toBeUndefined();
  });

  it("names the owner key of a smart account as such", () => {
    const aa: ClientAddress[] = [
      { namespace: "eip155", curve: "SECP256K1", label: "EVM owner key", address: "0xabc", role: "owner" },
    ];
    expect(ownAddressWarning("eip155", "0xABC", aa)?.message).toMatch(/the key that owns the client's smart account/);
  });

  it("does not warn for someone else, or for nothing yet", () => {
    expect(ownAddressWarning("eip155", "0x1111111111111111111111111111111111111111", own)).toBeUndefined();
    expect(ownAddressWarning("eip155", "", own)).toBeUndefined();
  });
});

it("gives both warnings together (neither blocks the other)", () => {
  const warnings = transferWarnings({
    ...sepolia,
    to: "0x52908400098527886E0F7030069857D2E4169EE7",
    own: [
      { namespace: "eip155", curve: "SECP256K1", label: "EVM", address: "0x52908400098527886E0F7030069857D2E4169EE7" },
    ],
    token: "USDC",
    tokenLabel: "USDC",
    amount: "20000",
  });
  expect(warnings.map((w) => w.id)).toEqual(["own-address", "over-balance"]);
});
