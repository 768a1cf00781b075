/**
 * GET .../clients/{clientId}/chains/{chain}/assets (api-shapes §1.6). EVM chains the registry serves
 * are read from the local chain (native balance and every test token); other chains come from
 * simulated-holdings. Token balances list only what the wallet holds, as the real (Moralis-backed)
 * endpoint does; NFTs are always [].
 */
import { Hono } from "hono";
import { formatUnits, type Address } from "viem";
import { chainFamily, evmChainReference, resolveAssetsChain, type ChainFamily } from "@/lib/chains";
import type { AssetsResponse, TokenBalance } from "@/lib/contracts";
import { badRequest } from "../http/errors";
import type { SandboxHttpEnv } from "../http/types";
import type { ClientStore } from "../state/client-store";
import type { ChainRegistry } from "../types";
import { clientAddressOn } from "./client-addresses";
import { requireClient } from "./clients";
import { logoUrls } from "./logos";
import { nativeTokenOf } from "./native-tokens";
import { simulatedHoldings } from "./simulated-holdings";

export interface AssetsDeps {
  store: ClientStore;
  chains: ChainRegistry;
}

/** Whether the registry runs a local chain for this reference (isServed when it has one). */
export function runsEvmChain(chains: ChainRegistry, reference: number): boolean {
  const registry = chains as ChainRegistry & { isServed?: (reference: number) => boolean };
  return registry.isServed ? registry.isServed(reference) : registry.references().includes(reference);
}

interface Holding {
  symbol: string;
  name: string;
  decimals: number;
  raw: bigint;
  address?: string;
  totalSupply?: bigint;
}

const TOTAL_SUPPLY = "0x18160ddd";

async function evmHoldings(
  chains: ChainRegistry,
  reference: number,
  address: Address | undefined,
): Promise<{ native: bigint; tokens: Holding[] }> {
  if (!address) return { native: 0n, tokens: [] };
  const [native, tokens] = await Promise.all([chains.nativeBalance(reference, address), chains.tokens(reference)]);
  const held = await Promise.all(
    tokens.map(async (token) => {
      const raw = await chains.tokenBalance(reference, token.address, address);
      if (raw === 0n) return undefined;
      const supply = (await chains.request(reference, "eth_call", [
        { to: token.address, data: TOTAL_SUPPLY },
        "latest",
      ])) as string;
      return {
        symbol: token.symbol,
        name: token.name,
        decimals: token.decimals,
        raw,
        address: token.address,
        totalSupply: BigInt(supply),
      };
    }),
  );
  return { native, tokens: held.filter((h): h is NonNullable<typeof h> => h !== undefined) };
}

function simulated(
  clientId: string,
  chainId: string,
  address: string | undefined,
): { native: bigint; tokens: Holding[] } {
  if (!address) return { native: 0n, tokens: [] };
  const holdings = simulatedHoldings(clientId, chainId);
  return {
    native: holdings.native,
    tokens: holdings.tokens.filter((t) => t.raw > 0n).map(({ token, raw }) => ({ ...token, raw })),
  };
}

function tokenBalanceView(h: Holding): TokenBalance {
  const supply = h.totalSupply;
  return {
    balance: formatUnits(h.raw, h.decimals),
    decimals: h.decimals,
    name: h.name,
    rawBalance: h.raw.toString(),
    symbol: h.symbol,
    metadata: {
      tokenAddress: h.address ?? "",
      verifiedContract: true,
      totalSupply: supply === undefined ? null : formatUnits(supply, h.decimals),
      rawTotalSupply: supply === undefined ? null : supply.toString(),
      percentageRelativeToTotalSupply: supply ? Number((h.raw * 1_000_000n) / supply) / 10_000 : null,
    },
  };
}

export function assetsRoutes({ store, chains }: AssetsDeps) {
  const app = new Hono<SandboxHttpEnv>();
  app.get("/api/v3/custodians/me/clients/:clientId/chains/:chain/assets", async (c) => {
    const client = requireClient(store, c.req.param("clientId"));
    const chainInput = c.req.param("chain");
    const chainId = resolveAssetsChain(chainInput);
    if (!chainId)
      throw badRequest(
        `chain: unknown chain ${JSON.stringify(chainInput)} for the assets endpoint (a shortcut such as sepolia or a CAIP-2 id such as eip155:11155111)`,
      );
    const family = chainFamily(chainId) as ChainFamily;
    const address = clientAddressOn(client, family, chainId);
    const reference = evmChainReference(chainId);
    const { native, tokens } =
      reference !== undefined && runsEvmChain(chains, reference)
        ? await evmHoldings(chains, reference, address as Address | undefined)
        : simulated(client.id, chainId, address);
    const nativeToken = nativeTokenOf(chainId);
    const origin = new URL(c.req.url).origin;
    return c.json({
      nativeBalance: {
        balance: formatUnits(native, nativeToken.decimals),
        decimals: nativeToken.decimals,
        name: nativeToken.name,
        rawBalance: native.toString(),
        symbol: nativeToken.symbol,
        metadata: logoUrls(origin, nativeToken.symbol),
      },
      tokenBalances: tokens.map(tokenBalanceView),
      nfts: [],
    } satisfies AssetsResponse);
  });
  return app;
}
