/**
 * Yield opportunities as the yield pages show them, read from the provider's records (whose
 * networks may be CAIP-2 ids or the provider's slugs), and the page's filters as URL state.
 */
import { chainInfo } from "@/lib/chains";
import type { ArgumentSchema, YieldOpportunity } from "@/lib/contracts";
import { yieldNetworkId } from "./networks";

/** The network filter's two values that are not a network: every testnet, and every network. */
export const TESTNETS = "testnets";
export const ANY_NETWORK = "any";

export interface OpportunityView {
  id: string;
  name: string;
  description: string | null;
  /** CAIP-2, whatever the provider sent; null when the network is not one the console knows. */
  network: string | null;
  providerId: string | null;
  type: string | null;
  token: { symbol: string; name: string; address: string | null; decimals: number };
  /** A fraction (0.042 = 4.2 %) and whether it is APR or APY. */
  rate: number;
  rateType: string;
  tvlUsd: string | null;
  canEnter: boolean;
  canExit: boolean;
  cooldownSeconds: number | null;
  lockupSeconds: number | null;
  warmupSeconds: number | null;
  entryMinimum: string | null;
  entryMaximum: string | null;
  rewardClaiming: string | null;
  enterArguments: ArgumentSchema | null;
  exitArguments: ArgumentSchema | null;
  documentation: string | null;
}

const seconds = (p: { seconds: number } | undefined) => (p ? p.seconds : null);

export function toOpportunityView(o: YieldOpportunity): OpportunityView {
  const stats = o.statistics as { tvlUsd?: unknown } | null | undefined;
  return {
    id: o.id,
    name: o.metadata.name,
    description: o.metadata.description ?? null,
    network: yieldNetworkId(o.network) ?? (o.token.network ? (yieldNetworkId(o.token.network) ?? null) : null),
    providerId: o.providerId ?? null,
    type: o.mechanics?.type ?? null,
    token: {
      symbol: o.token.symbol,
      name: o.token.name,
      address: o.token.address ?? null,
      decimals: o.token.decimals,
    },
    rate: o.rewardRate.total,
    rateType: o.rewardRate.rateType,
    tvlUsd: typeof stats?.tvlUsd === "string" || typeof stats?.tvlUsd === "number" ? String(stats.tvlUsd) : null,
    canEnter: o.status.enter,
    canExit: o.status.exit,
    cooldownSeconds: seconds(o.mechanics?.cooldownPeriod),
    lockupSeconds: seconds(o.mechanics?.lockupPeriod),
    warmupSeconds: seconds(o.mechanics?.warmupPeriod),
    entryMinimum: o.mechanics?.entryLimits?.minimum ?? null,
    entryMaximum: o.mechanics?.entryLimits?.maximum ?? null,
    rewardClaiming: o.mechanics?.rewardClaiming ?? null,
    enterArguments: o.mechanics?.arguments?.enter ?? null,
    exitArguments: o.mechanics?.arguments?.exit ?? null,
    documentation: o.metadata.documentation ?? null,
  };
}

/** "4.20 % APR" */
export function formatRate(rate: number, rateType: string): string {
  return `${(rate * 100).toFixed(2)} % ${rateType}`;
}

export const OPPORTUNITY_SORTS = ["rate-desc", "rate-asc"] as const;

export interface OpportunityFilters {
  /** A CAIP-2 id, TESTNETS, or undefined for every network. */
  network?: string;
  token?: string;
  type?: string;
  sort: (typeof OPPORTUNITY_SORTS)[number];
}

/** The cache key's part for a filter set: the same string on the server and in the browser. */
export const filtersKey = (f: OpportunityFilters) =>
  JSON.stringify([f.network ?? "", f.token ?? "", f.type ?? "", f.sort]);

/** Filters and sorts on the console's side too, so the list means the same with any provider. */
export function filterOpportunities(list: OpportunityView[], f: OpportunityFilters): OpportunityView[] {
  const token = f.token?.trim().toLowerCase();
  return list
    .filter((o) =>
      !f.network
        ? true
        : f.network === TESTNETS
          ? !!o.network && chainInfo(o.network)?.testnet === true
          : o.network === f.network,
    )
    .filter((o) => !token || o.token.symbol.toLowerCase() === token || o.token.address?.toLowerCase() === token)
    .filter((o) => !f.type || o.type === f.type)
    .sort((a, b) => (f.sort === "rate-asc" ? a.rate - b.rate : b.rate - a.rate));
}

/** A period as staff read it: "7 days", "36 hours", "45 minutes". */
export function formatPeriod(seconds: number | null): string | null {
  if (seconds === null || seconds <= 0) return null;
  if (seconds % 86_400 === 0) return `${seconds / 86_400} day${seconds === 86_400 ? "" : "s"}`;
  if (seconds >= 3_600) return `${Math.round(seconds / 3_600)} hours`;
  return `${Math.max(1, Math.round(seconds / 60))} minutes`;
}
