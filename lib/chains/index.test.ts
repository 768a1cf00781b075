import { describe, expect, it } from "vitest";
import {
  ASSETS_CHAIN_ALIASES,
  ASSETS_FULL_CHAIN_IDS,
  BITCOIN_MAINNET_P2WPKH,
  BITCOIN_TESTNET_P2WPKH,
  BUILD_TRANSACTION_CHAIN_ALIASES,
  CHAINS,
  EVM_CHAINS,
  FORMAT_CHAIN_ALIASES,
  SOLANA_DEVNET,
  SOLANA_MAINNET,
  YIELD_NETWORKS,
  chainFamily,
  chainIdsOf,
  chainInputsOf,
  chainLabel,
  encodeChainPathSegment,
  evmChainReference,
  formatCaip2,
  isCaip2,
  parseCaip2,
  resolveAssetsChain,
  resolveBuildTransactionChain,
  resolveChain,
  resolveFormatChain,
  resolveSendChain,
  rpcUrlFor,
} from "./";

describe("assets table (spec: chain shortcuts accepted for the assets path)", () => {
  it.each([
    ["ethereum", "eip155:1"],
    ["sepolia", "eip155:11155111"],
    ["base", "eip155:8453"],
    ["base-sepolia", "eip155:84532"],
    ["polygon", "eip155:137"],
    ["polygon-amoy", "eip155:80002"],
    ["monad-testnet", "eip155:10143"],
    ["solana", SOLANA_MAINNET],
    ["solana-devnet", SOLANA_DEVNET],
    ["bitcoin-p2wpkh", BITCOIN_MAINNET_P2WPKH],
    ["bitcoin-segwit", BITCOIN_MAINNET_P2WPKH],
    ["bitcoin-p2wpkh-testnet", BITCOIN_TESTNET_P2WPKH],
    ["bitcoin-segwit-testnet", BITCOIN_TESTNET_P2WPKH],
  ])("%s → %s", (alias, id) => {
    expect(resolveAssetsChain(alias)).toBe(id);
  });

  it("has exactly the spec's shortcuts", () => {
    expect(Object.keys(ASSETS_CHAIN_ALIASES)).toHaveLength(13);
  });

  it.each([...ASSETS_FULL_CHAIN_IDS])("accepts the full id %s", (id) => {
    expect(resolveAssetsChain(id)).toBe(id);
  });

  it("accepts the ids its shortcuts stand for", () => {
    for (const id of Object.values(ASSETS_CHAIN_ALIASES)) expect(resolveAssetsChain(id)).toBe(id);
  });

  it.each([
    "celo",
    "tron",
    "polygon-mumbai",
    "eip155:84531",
    "eip155:80001",
    "eip155:999999",
    "Ethereum",
    "",
    "eip155%3A1",
  ])("rejects %j", (value) => {
    expect(resolveAssetsChain(value)).toBeUndefined();
  });
});

describe("build-transaction table", () => {
  it.each([
    ["ethereum", "eip155:1"],
    ["sepolia", "eip155:11155111"],
    ["base", "eip155:8453"],
    ["base-sepolia", "eip155:84531"],
    ["polygon", "eip155:137"],
    ["polygon-mumbai", "eip155:80001"],
    ["celo", "eip155:42220"],
    ["celo-alfajores", "eip155:44787"],
    ["solana", SOLANA_MAINNET],
    ["solana-devnet", SOLANA_DEVNET],
    ["tron", "tron:mainnet"],
    ["tron-nile", "tron:nile"],
    ["tron-shasta", "tron:shasta"],
    ["stellar", "stellar:pubnet"],
    ["stellar-testnet", "stellar:testnet"],
    ["bitcoin-segwit", BITCOIN_MAINNET_P2WPKH],
    ["bitcoin-p2wpkh", BITCOIN_MAINNET_P2WPKH],
    ["bitcoin-segwit-testnet", BITCOIN_TESTNET_P2WPKH],
    ["bitcoin-p2wpkh-testnet", BITCOIN_TESTNET_P2WPKH],
  ])("%s → %s", (alias, id) => {
    expect(resolveBuildTransactionChain(alias)).toBe(id);
  });

  it("has exactly the spec's names", () => {
    expect(Object.keys(BUILD_TRANSACTION_CHAIN_ALIASES)).toHaveLength(19);
  });

  it("maps base-sepolia differently from the assets table, as the spec gives it", () => {
    expect(resolveBuildTransactionChain("base-sepolia")).toBe("eip155:84531");
    expect(resolveAssetsChain("base-sepolia")).toBe("eip155:84532");
  });

  it("accepts a CAIP-2 id in place of a name", () => {
    for (const id of chainIdsOf("buildTransaction")) expect(resolveBuildTransactionChain(id)).toBe(id);
  });

  it.each(["polygon-amoy", "monad-testnet", "eip155:84532", "eip155:10", ""])("rejects %j", (value) => {
    expect(resolveBuildTransactionChain(value)).toBeUndefined();
  });
});

describe("format table (deprecated alert format endpoints)", () => {
  it.each([
    ["ethereum", "eip155:1"],
    ["sepolia", "eip155:11155111"],
    ["solana", SOLANA_MAINNET],
    ["solana-devnet", SOLANA_DEVNET],
    ["base", "eip155:8453"],
    ["base-sepolia", "eip155:84531"],
    ["polygon", "eip155:137"],
    ["polygon-mumbai", "eip155:80001"],
  ])("%s → %s", (alias, id) => {
    expect(resolveFormatChain(alias)).toBe(id);
    expect(resolveFormatChain(id)).toBe(id);
  });

  it("has exactly the spec's eight chains", () => {
    expect(Object.keys(FORMAT_CHAIN_ALIASES)).toHaveLength(8);
    expect(chainIdsOf("format")).toHaveLength(8);
  });

  it.each(["celo", "tron", "eip155:84532", "eip155:10"])("rejects %j", (value) => {
    expect(resolveFormatChain(value)).toBeUndefined();
  });
});

describe("table inputs", () => {
  it("lists aliases then ids without duplicates", () => {
    for (const table of ["assets", "buildTransaction", "format"] as const) {
      const inputs = chainInputsOf(table);
      expect(new Set(inputs).size).toBe(inputs.length);
      for (const input of inputs) expect(resolveChain(table, input)).toBeDefined();
    }
    expect(chainInputsOf("assets")).toHaveLength(13 + 11 + 15);
  });

  it("does not resolve inherited object keys", () => {
    expect(resolveChain("assets", "constructor")).toBeUndefined();
    expect(resolveChain("format", "__proto__")).toBeUndefined();
  });
});

describe("MPC send chain", () => {
  it("prefers the assets table, then build-transaction names, then any known-family id", () => {
    expect(resolveSendChain("base-sepolia")).toBe("eip155:84532");
    expect(resolveSendChain("celo")).toBe("eip155:42220");
    expect(resolveSendChain("eip155:31337")).toBe("eip155:31337");
    expect(resolveSendChain("cosmos:cosmoshub-4")).toBeUndefined();
    expect(resolveSendChain("nowhere")).toBeUndefined();
  });
});

describe("CAIP-2", () => {
  it("parses and formats", () => {
    expect(parseCaip2("eip155:1")).toEqual({ namespace: "eip155", reference: "1" });
    expect(parseCaip2(BITCOIN_MAINNET_P2WPKH)).toEqual({
      namespace: "bip122",
      reference: "000000000019d6689c085ae165831e93-p2wpkh",
    });
    expect(formatCaip2("eip155", 8453)).toBe("eip155:8453");
    expect(() => formatCaip2("EIP155", 1)).toThrow();
  });

  it.each(["eip155", "eip155:", ":1", "e:1", "eip155:1:2", "eip155:a b"])("rejects %j", (value) => {
    expect(isCaip2(value)).toBe(false);
    expect(parseCaip2(value)).toBeUndefined();
  });

  it("knows each family", () => {
    expect(chainFamily("eip155:1")).toBe("eip155");
    expect(chainFamily(SOLANA_DEVNET)).toBe("solana");
    expect(chainFamily(BITCOIN_TESTNET_P2WPKH)).toBe("bip122");
    expect(chainFamily("tron:nile")).toBe("tron");
    expect(chainFamily("stellar:pubnet")).toBe("stellar");
    expect(chainFamily("cosmos:cosmoshub-4")).toBeUndefined();
    expect(chainFamily("sepolia")).toBeUndefined();
  });

  it("reads EVM chain references", () => {
    expect(evmChainReference("eip155:11155111")).toBe(11155111);
    expect(evmChainReference("tron:mainnet")).toBeUndefined();
  });

  it("percent-encodes ':' in path segments", () => {
    expect(encodeChainPathSegment("eip155:1")).toBe("eip155%3A1");
    expect(encodeChainPathSegment(BITCOIN_MAINNET_P2WPKH)).toBe("bip122%3A000000000019d6689c085ae165831e93-p2wpkh");
    expect(encodeChainPathSegment("base-sepolia")).toBe("base-sepolia");
  });

  it("builds the API's RPC gateway URL", () => {
    expect(rpcUrlFor("http://127.0.0.1:4010/", "eip155:11155111")).toBe("http://127.0.0.1:4010/rpc/v1/eip155/11155111");
    expect(rpcUrlFor("http://x", SOLANA_MAINNET)).toBeUndefined();
  });
});

describe("display metadata", () => {
  it("covers every chain of every table and every yield network", () => {
    const ids = [
      ...chainIdsOf("assets"),
      ...chainIdsOf("buildTransaction"),
      ...chainIdsOf("format"),
      ...YIELD_NETWORKS,
    ];
    for (const id of ids) expect(CHAINS[id], id).toBeDefined();
  });

  it("labels native units", () => {
    expect(CHAINS["eip155:137"]).toMatchObject({ nativeSymbol: "POL", nativeDecimals: 18, testnet: false });
    expect(CHAINS[SOLANA_DEVNET]).toMatchObject({
      family: "solana",
      nativeSymbol: "SOL",
      nativeDecimals: 9,
      testnet: true,
    });
    expect(CHAINS[BITCOIN_MAINNET_P2WPKH]).toMatchObject({ nativeSymbol: "BTC", nativeDecimals: 8 });
    expect(chainLabel("eip155:84531")).toBe("Base Goerli");
    expect(chainLabel("eip155:31337")).toBe("eip155:31337");
  });
});

describe("yield networks", () => {
  it("lists the spec's 26 EVM chains, Solana mainnet and devnet, Stellar and Tron", () => {
    expect(YIELD_NETWORKS).toHaveLength(26 + 2 + 2 + 1);
    expect(YIELD_NETWORKS).toContain("eip155:1666600000");
  });
});

describe("EVM chains (the events filter's and the gas page's)", () => {
  it("are every eip155 chain of the display table once, by name A–Z", () => {
    const evm = Object.keys(CHAINS).filter((id) => id.startsWith("eip155:"));
    expect([...EVM_CHAINS].sort()).toEqual(evm.sort());
    const names = EVM_CHAINS.map((id) => CHAINS[id]?.label ?? id);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});
