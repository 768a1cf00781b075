import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSETS_CHAIN_ALIASES, ASSETS_FULL_CHAIN_IDS, chainIdsOf } from "@/lib/chains";
import { assetsResponseSchema } from "@/lib/contracts";
import { FAKE_TOKENS, startTestSandbox, type TestSandbox } from "@/testing/sandbox";
import type { ClientRecord } from "../types";

let sb: TestSandbox;
let client: ClientRecord;
beforeAll(async () => {
  sb = await startTestSandbox();
  client = sb.clients.all()[3] as ClientRecord;
  const address = client.namespaces.eip155?.address.toLowerCase();
  sb.chains.native.set(`11155111:${address}`, 1_500_000_000_000_000_000n);
  sb.chains.token.set(`11155111:${FAKE_TOKENS[0]?.address.toLowerCase()}:${address}`, 12_340_000n);
});
afterAll(() => sb.close());

const assets = (chain: string, clientId = client.id) =>
  sb.admin(`/api/v3/custodians/me/clients/${clientId}/chains/${chain}/assets`);

describe("assets", () => {
  it("reads EVM balances from the chain registry", async () => {
    const res = await assets("sepolia");
    expect(res.status).toBe(200);
    const body = assetsResponseSchema.parse(await res.json());
    expect(body.nativeBalance).toMatchObject({
      balance: "1.5",
      rawBalance: "1500000000000000000",
      decimals: 18,
      symbol: "ETH",
      name: "Ether",
    });
    expect(body.nativeBalance.metadata?.logo).toMatch(/\/static\/logos\/eth\.svg$/);
    expect(body.tokenBalances).toEqual([
      expect.objectContaining({
        symbol: "USDC",
        balance: "12.34",
        rawBalance: "12340000",
        decimals: 6,
        metadata: expect.objectContaining({ tokenAddress: FAKE_TOKENS[0]?.address, verifiedContract: true }),
      }),
    ]);
    expect(body.nfts).toEqual([]);
  });

  it("accepts every alias and CAIP-2 id of the spec's assets list, encoded or not", async () => {
    const inputs = [...Object.keys(ASSETS_CHAIN_ALIASES), ...chainIdsOf("assets"), ...ASSETS_FULL_CHAIN_IDS];
    for (const input of inputs) {
      for (const chain of new Set([input, encodeURIComponent(input)])) {
        const res = await assets(chain);
        expect(res.status, chain).toBe(200);
        assetsResponseSchema.parse(await res.json());
      }
    }
  });

  it("resolves base-sepolia to eip155:84532 for assets", async () => {
    const address = client.namespaces.eip155?.address.toLowerCase();
    sb.chains.native.set(`84532:${address}`, 7n);
    const body = assetsResponseSchema.parse(await (await assets("base-sepolia")).json());
    expect(body.nativeBalance.rawBalance).toBe("7");
  });

  it.each(["ethereum-mainnet", "eip155:84531", "polygon-mumbai", "celo", "eip155%3A999999", "bitcoin"])(
    "400s the unknown chain %s",
    async (chain) => {
      const res = await assets(chain);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/^chain: unknown chain/);
    },
  );

  it("gives deterministic balances on chains without a local node, per family", async () => {
    for (const chain of [
      "solana",
      "solana-devnet",
      "bitcoin-segwit",
      "bitcoin-p2wpkh-testnet",
      "tron:mainnet",
      "stellar:testnet",
    ]) {
      const first = await (await assets(chain)).json();
      const again = await (await assets(encodeURIComponent(chain))).json();
      expect(again).toEqual(first);
      assetsResponseSchema.parse(first);
    }
    const sol = assetsResponseSchema.parse(await (await assets("solana")).json());
    expect(sol.nativeBalance).toMatchObject({ symbol: "SOL", decimals: 9 });
    expect(sol.tokenBalances.every((t) => t.symbol === "USDC")).toBe(true);
    const btc = assetsResponseSchema.parse(await (await assets("bitcoin-segwit")).json());
    expect(btc.nativeBalance).toMatchObject({ symbol: "BTC", decimals: 8, name: "Bitcoin" });
  });

  it("answers zero balances for a client without wallets", async () => {
    const created = (await (await sb.admin("/api/v3/custodians/me/clients", { method: "POST" })).json()) as {
      id: string;
    };
    for (const chain of ["sepolia", "solana"]) {
      const body = assetsResponseSchema.parse(await (await assets(chain, created.id)).json());
      expect(body.nativeBalance.rawBalance).toBe("0");
      expect(body.tokenBalances).toEqual([]);
    }
  });

  it("404s an unknown client", async () => {
    expect((await assets("sepolia", "cnobody")).status).toBe(404);
  });

  it("serves the logos it links to", async () => {
    const res = await sb.baseApp.request("/static/logos/eth.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(await res.text()).toMatch(/^<svg/);
  });
});
