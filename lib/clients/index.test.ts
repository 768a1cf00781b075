import { describe, expect, it } from "vitest";
import { clientFixture } from "@/testing/contracts/fixtures";
import { clientSchema } from "../contracts";
import { TOKEN_ADDRESS_RULES, buildTransferSchema, clientRow, clientsPageQuerySchema } from "./";

const base = { clientId: "cmi9rgt1ogkfysbx0rq0mbfz5", token: "USDC", amount: "1.5" };
const errorsOf = (input: unknown) => {
  const r = buildTransferSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("transfer form", () => {
  it.each([
    ["sepolia", "0x1111111111111111111111111111111111111111"],
    ["eip155:11155111", "0x52908400098527886E0F7030069857D2E4169EE7"],
    ["solana-devnet", "6dg7pxBqHi1WvTP8KTe91HEJACEGFzJowFUGkHmCh3PE"],
    ["bitcoin-segwit", "bc1q2ffg29d7ykc5jxpfza99g6dcn75s6qtytvjn2y"],
    ["bitcoin-p2wpkh-testnet", "tb1q2ffg29d7ykc5jxpfza99g6dcn75s6qtyp2fq3h"],
    ["tron", "THmjSiRkgjzBdgAnyLEQkFXeAsPUMrb9vR"],
    ["stellar-testnet", "GBJ27EYEMSVR7WBRWT7EPUP7MHPGEIAU25PQ2U6DYW4NAXFL4VMUCC7O"],
  ])("accepts a %s recipient", (chain, to) => {
    expect(errorsOf({ ...base, chain, to, token: chain.startsWith("bitcoin") ? "BTC" : base.token })).toEqual({});
  });

  it.each([
    ["sepolia", "0x123", /EVM address/],
    ["sepolia", "0x52908400098527886E0F7030069857D2E4169Ee7", /EVM address/],
    ["solana", "0x1111111111111111111111111111111111111111", /Solana address/],
    ["bitcoin-segwit", "tb1q2ffg29d7ykc5jxpfza99g6dcn75s6qtyp2fq3h", /bc1… on mainnet/],
    ["tron", "TXYZ", /Tron address/],
  ])("rejects on %s the recipient %s", (chain, to, message) => {
    expect(errorsOf({ ...base, chain, to }).to).toMatch(message);
  });

  it.each([["0"], ["-1"], ["1e5"], ["abc"], ["0.000"], [""]])("rejects the amount %j", (amount) => {
    expect(
      errorsOf({ ...base, chain: "sepolia", to: "0x1111111111111111111111111111111111111111", amount }).amount,
    ).toBeTruthy();
  });

  it("rejects more decimals than the native token has", () => {
    expect(
      errorsOf({
        ...base,
        chain: "bitcoin-segwit",
        to: "bc1q2ffg29d7ykc5jxpfza99g6dcn75s6qtytvjn2y",
        token: "BTC",
        amount: "0.000000001",
      }).amount,
    ).toMatch(/8 decimals/);
  });

  it("only knows the build-transaction chain names", () => {
    expect(
      errorsOf({ ...base, chain: "polygon-amoy", to: "0x1111111111111111111111111111111111111111" }).chain,
    ).toMatch(/Choose a chain/);
    expect(errorsOf({ ...base, chain: "polygon-mumbai", to: "0x1111111111111111111111111111111111111111" })).toEqual(
      {},
    );
  });
});

describe("clients page URL", () => {
  it("defaults to 25 and accepts only the offered sizes", () => {
    expect(clientsPageQuerySchema.parse({})).toEqual({ take: 25, cursor: undefined });
    expect(clientsPageQuerySchema.parse({ take: "100", cursor: "cmi9rgt1ogkfysbx0rq0mbfz5" })).toEqual({
      take: 100,
      cursor: "cmi9rgt1ogkfysbx0rq0mbfz5",
    });
    expect(clientsPageQuerySchema.safeParse({ take: "7" }).success).toBe(false);
    expect(clientsPageQuerySchema.safeParse({ take: "25", cursor: "../etc" }).success).toBe(false);
  });
});

describe("token addresses per family", () => {
  it.each([
    ["eip155", "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238", true],
    ["eip155", "0x1c7d4b196cb0c7b01d743fbc6116a902379c7238", true],
    ["eip155", "0x1C7D4B196Cb0C7B01d743Fbc6116a902379C7238", false],
    ["eip155", "USDC", false],
    ["solana", "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU", true],
    // Base58 of the right length but not 32 bytes.
    ["solana", "1111111111111111111111111111111", false],
    ["tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", true],
  ] as const)("%s %s → %s", (family, value, ok) => {
    expect(TOKEN_ADDRESS_RULES[family]?.test(value)).toBe(ok);
  });

  it("takes no token address on Bitcoin or Stellar", () => {
    expect(TOKEN_ADDRESS_RULES.bip122).toBeUndefined();
    expect(TOKEN_ADDRESS_RULES.stellar).toBeUndefined();
  });
});

describe("a client as a row of the list", () => {
  const client = clientSchema.parse(clientFixture);

  it("has the list's columns, read from the upstream's record", () => {
    expect(clientRow(client)).toEqual({
      id: "clu32l6c8008wuvz52jokyo3r",
      createdAt: "2024-04-16T21:15:06.443Z",
      isAccountAbstracted: false,
      evmAddress: "0x6e818d8f9b6c53c59a2d957d36c2146e28906195",
      solanaAddress: "8pb5w7NTiYnwdeGu4RBB6SXrCNTL1D8nkBjEFNST4KDz",
    });
  });

  it("keeps no wallet, share pair, key or other chain's address", () => {
    const text = JSON.stringify(clientRow(client));
    for (const kept of ["wallets", "SharePairs", "publicKey", "bc1q", "TJRab", "GCZJM"])
      expect(text).not.toContain(kept);
  });

  it("says no address where the record has none (an empty one is none)", () => {
    const bare = clientSchema.parse({
      ...clientFixture,
      metadata: { namespaces: { eip155: { address: "", curve: "SECP256K1" } } },
    });
    expect(clientRow(bare)).toMatchObject({ evmAddress: null, solanaAddress: null });
  });
});
