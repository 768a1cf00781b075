import "server-only";
import { chainLabel, isCaip2, resolveChain } from "@/lib/chains";
import type { YieldAction, YieldBalance } from "@/lib/contracts";
import { yieldNetworkId } from "@/lib/yield/networks";
import {
  filterOpportunities,
  toOpportunityView,
  type OpportunityFilters,
  type OpportunityView,
} from "@/lib/yield/opportunities";
import {
  positionNetworks,
  type AvailableBalance,
  type PositionsView,
  type YieldClientView,
} from "@/lib/yield/positions";
import { getClientAssets } from "@/server/clients/reads";
import { getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import { getTestClient } from "@/server/lab/test-clients";
import { createYieldClient, getAdminClient } from "@/server/upstream";
import { listRunChains } from "./runs-store";

/**
 * What the yield pages read for a client: its EVM wallet address, the opportunities, its positions
 * and its action history. Reads use a session token minted with the custodian key, so any client
 * can be read; acting needs a test client (the console holds its shares).
 */
export async function yieldClient(clientId: string): Promise<YieldClientView> {
  const [client, test] = await Promise.all([
    getAdminClient().clients.retrieve(clientId),
    getTestClient(await getDb(), clientId),
  ]);
  const address = client.metadata.namespaces.eip155?.address ?? null;
  return {
    clientId: client.id,
    address,
    isAccountAbstracted: client.isAccountAbstracted === true,
    isTestClient: test !== undefined,
    hasShares: test?.hasShares ?? false,
  };
}

export function requireAddress(client: YieldClientView): string {
  if (!client.address)
    throw new AppError("CONFLICT", `Client ${client.clientId} has no EVM wallet yet: generate its wallet first.`);
  return client.address;
}

export async function opportunities(clientId: string, filters: OpportunityFilters): Promise<OpportunityView[]> {
  const yields = createYieldClient({ clientId });
  const res = await yields.yields({
    limit: 100,
    // Every testnet is filtered here: the provider takes one network at a time.
    ...(filters.network && isCaip2(filters.network) ? { network: filters.network } : {}),
    sort: filters.sort === "rate-asc" ? "rewardRateAsc" : "rewardRateDesc",
  });
  return filterOpportunities(res.data.rawResponse.items.map(toOpportunityView), filters);
}

export async function opportunity(clientId: string, yieldId: string): Promise<OpportunityView> {
  const res = await createYieldClient({ clientId }).yields({ yieldId, limit: 1 });
  const found = res.data.rawResponse.items.find((o) => o.id === yieldId);
  if (!found) throw new AppError("NOT_FOUND", `No yield ${yieldId} is offered.`);
  return toOpportunityView(found);
}

/**
 * The client's balances on the networks, one query per network (the provider scans each). Without
 * networks, the client's own: where it has runs or provider actions (positionNetworks).
 */
export async function positions(clientId: string, networks?: string[]): Promise<PositionsView> {
  const client = await yieldClient(clientId);
  if (!client.address) return { client, networks: networks ?? [], items: [], errors: [] };
  const read = networks ?? (await clientNetworks(clientId, client.address));
  const res = await createYieldClient({ clientId }).balances({
    queries: read.map((network) => ({ address: client.address as string, network })),
  });
  return {
    client,
    networks: read,
    items: res.data.rawResponse.items.map((item) => ({
      yieldId: item.yieldId,
      balances: item.balances.map((b: YieldBalance) => ({
        ...b,
        network: yieldNetworkId(b.token.network) ?? b.token.network,
      })),
    })),
    errors: res.data.rawResponse.errors.map((e) => ({
      yieldId: e.yieldId ?? null,
      message: typeof e.error === "string" ? e.error : JSON.stringify(e.error ?? e),
    })),
  };
}

async function clientNetworks(clientId: string, address: string): Promise<string[]> {
  const [runChains, actions] = await Promise.all([
    getDb().then((db) => listRunChains(db, clientId)),
    createYieldClient({ clientId }).actions({ address, limit: 100 }),
  ]);
  return positionNetworks(runChains, actions.data.rawResponse.items);
}

/**
 * What the client holds of a token on a network (the administration API's assets read), matched
 * by contract address, or by symbol for the native coin: the most an Enter of that token can take.
 */
export async function available(clientId: string, network: string, token: string): Promise<AvailableBalance> {
  const chain = resolveChain("assets", network);
  const wanted = token.trim().toLowerCase();
  if (!chain)
    return {
      amount: null,
      symbol: token,
      network,
      reason: `The administration API does not read balances on ${chainLabel(network)}.`,
    };
  const assets = await getClientAssets(clientId, chain);
  if (assets.nativeBalance.symbol.toLowerCase() === wanted)
    return { amount: assets.nativeBalance.balance, symbol: assets.nativeBalance.symbol, network };
  const held = assets.tokenBalances.find(
    (t) => t.metadata.tokenAddress.toLowerCase() === wanted || t.symbol.toLowerCase() === wanted,
  );
  return held ? { amount: held.balance, symbol: held.symbol, network } : { amount: "0", symbol: token, network };
}

export async function history(clientId: string): Promise<{ client: YieldClientView; items: YieldAction[] }> {
  const client = await yieldClient(clientId);
  if (!client.address) return { client, items: [] };
  const res = await createYieldClient({ clientId }).actions({ address: client.address, limit: 100 });
  return { client, items: res.data.rawResponse.items };
}
