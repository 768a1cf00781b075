/** GET /yields: the catalogue filtered, sorted and paged as the API's query asks. */
import type { z } from "zod";
import { formatCaip2, isCaip2, isYieldNetwork, parseCaip2 } from "@/lib/chains";
import { YIELD_SORTS, type YieldOpportunity, type listYieldsQuerySchema } from "@/lib/contracts";
import { badRequest } from "../http/errors";
import { OPPORTUNITIES, type Opportunity, opportunityJson } from "./catalogue";
import { NETWORK_SLUGS } from "./catalogue-data";
import { DEFAULT_LIMIT } from "./context";

export type ListYieldsQuery = z.output<typeof listYieldsQuerySchema>;

/** A network as queries give it (CAIP-2 or the provider's slug) → its CAIP-2 id and eip155 reference. */
export function resolveYieldNetwork(network: string): { caip2: string; reference?: number } | undefined {
  if (isCaip2(network)) {
    if (!isYieldNetwork(network)) return undefined;
    const parsed = parseCaip2(network);
    return { caip2: network, ...(parsed?.namespace === "eip155" ? { reference: Number(parsed.reference) } : {}) };
  }
  const entry = Object.entries(NETWORK_SLUGS).find(([, slug]) => slug === network);
  return entry ? { caip2: formatCaip2("eip155", entry[0]), reference: Number(entry[0]) } : undefined;
}

function matchesToken(o: Opportunity, token: string): boolean {
  const t = token.toLowerCase();
  return (
    o.token.symbol.toLowerCase() === t ||
    o.token.address?.toLowerCase() === t ||
    (t === "native" && o.token.address === null)
  );
}

export function listYields(
  query: ListYieldsQuery,
  origin: string,
): { items: YieldOpportunity[]; total: number; offset: number; limit: number } {
  if (query.sort !== undefined && !(YIELD_SORTS as readonly string[]).includes(query.sort))
    throw badRequest(`sort: expected one of ${YIELD_SORTS.join(", ")}`);
  let network: ReturnType<typeof resolveYieldNetwork>;
  if (query.network !== undefined) {
    network = resolveYieldNetwork(query.network);
    if (!network)
      throw badRequest(
        `network: ${query.network} is not a yield network (a CAIP-2 id of the spec's yield list, or its slug such as ethereum-sepolia)`,
      );
  }
  const search = query.search?.toLowerCase();
  let found = OPPORTUNITIES.filter(
    (o) =>
      (!network || o.chainId === network.caip2) &&
      (query.yieldId === undefined || o.id === query.yieldId) &&
      (query.type === undefined || o.mechanicsType === query.type) &&
      (query.token === undefined || matchesToken(o, query.token)) &&
      (query.inputToken === undefined || matchesToken(o, query.inputToken)) &&
      (query.provider === undefined || query.provider === "sandbox") &&
      (query.hasCooldownPeriod === undefined || query.hasCooldownPeriod === o.cooldownSeconds > 0) &&
      (query.hasWarmupPeriod === undefined || query.hasWarmupPeriod === false) &&
      (search === undefined || `${o.id} ${o.name} ${o.description}`.toLowerCase().includes(search)),
  );
  if (query.sort === "rewardRateAsc") found = [...found].sort((a, b) => a.rate - b.rate);
  if (query.sort === "rewardRateDesc") found = [...found].sort((a, b) => b.rate - a.rate);
  const offset = query.offset ?? 0;
  const limit = query.limit ?? DEFAULT_LIMIT;
  return {
    items: found.slice(offset, offset + limit).map((o) => opportunityJson(o, origin)),
    total: found.length,
    offset,
    limit,
  };
}
