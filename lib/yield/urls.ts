/** The yield routes' URLs, built the same way by the pages (prefetch) and the views (fetch). */
import type { OpportunityFilters } from "./opportunities";

export const YIELD_TABS = ["opportunities", "positions", "runs", "history"] as const;
export type YieldTab = (typeof YIELD_TABS)[number];

export const DEFAULT_POSITION_NETWORKS = ["eip155:11155111"];

export function opportunitiesUrl(clientId: string, f: OpportunityFilters): string {
  const q = new URLSearchParams({ clientId, sort: f.sort });
  if (f.network) q.set("network", f.network);
  if (f.token) q.set("token", f.token);
  if (f.type) q.set("type", f.type);
  return `/api/yield/opportunities?${q}`;
}

/** The cache key's part for a filter set: the same string on the server and in the browser. */
export const filtersKey = (f: OpportunityFilters) =>
  JSON.stringify([f.network ?? "", f.token ?? "", f.type ?? "", f.sort]);

export const positionsUrl = (clientId: string, networks: string[]) =>
  `/api/yield/positions?${new URLSearchParams({ clientId, networks: networks.join(",") })}`;
