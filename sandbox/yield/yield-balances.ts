/** POST /yields/balances: each query's positions read from the chain, and an error per query that cannot be answered. */
import { getAddress } from "viem";
import type { YieldBalancesBody, YieldOpportunity } from "@/lib/contracts";
import type { ClientRecord } from "../types";
import { OPPORTUNITIES, opportunityJson } from "./catalogue";
import type { YieldContext } from "./context";
import { resolveYieldNetwork } from "./listing";
import { balancesOf, isEmpty, readPosition } from "./positions";

export async function yieldBalances(
  context: YieldContext,
  client: ClientRecord,
  body: YieldBalancesBody,
  origin: string,
) {
  const items: {
    yieldId: string;
    balances: ReturnType<typeof balancesOf>;
    rewardRate: YieldOpportunity["rewardRate"];
  }[] = [];
  const errors: { yieldId?: string; network: string; address: string; error: string }[] = [];
  const own = client.namespaces.eip155?.address?.toLowerCase();
  for (const query of body.queries) {
    const base = {
      network: query.network,
      address: query.address,
      ...(query.yieldId ? { yieldId: query.yieldId } : {}),
    };
    const network = resolveYieldNetwork(query.network);
    if (!network) {
      errors.push({ ...base, error: `${query.network} is not a yield network` });
      continue;
    }
    const candidates = OPPORTUNITIES.filter(
      (o) => o.chainId === network.caip2 && (query.yieldId === undefined || o.id === query.yieldId),
    );
    if (candidates.length === 0) {
      errors.push({
        ...base,
        error:
          query.yieldId !== undefined
            ? `No yield ${query.yieldId} on ${network.caip2}`
            : `The sandbox has no yields on ${network.caip2}; its yields are on ${[...new Set(OPPORTUNITIES.map((o) => o.chainId))].join(", ")}`,
      });
      continue;
    }
    if (!own || query.address.toLowerCase() !== own) {
      errors.push({ ...base, error: `Unknown address ${query.address}: it is not a wallet of this client` });
      continue;
    }
    const address = getAddress(query.address);
    for (const o of candidates) {
      try {
        const position = await readPosition(context.chains, o, address);
        if (isEmpty(position)) continue;
        items.push({
          yieldId: o.id,
          balances: balancesOf(o, address, position, context.signer, origin),
          rewardRate: opportunityJson(o, origin).rewardRate,
        });
      } catch (e) {
        errors.push({
          ...base,
          yieldId: o.id,
          error: `Could not read the position: ${e instanceof Error ? e.message : String(e)}`,
        });
      }
    }
  }
  return { items, errors };
}
