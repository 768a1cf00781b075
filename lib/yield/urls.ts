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

/** The positions read; null networks reads the client's own (where it has runs or provider actions). */
export const positionsUrl = (clientId: string, networks: string[] | null) =>
  `/api/yield/positions?${new URLSearchParams({ clientId, ...(networks ? { networks: networks.join(",") } : {}) })}`;

export const availableUrl = (clientId: string, network: string, token: string) =>
  `/api/yield/available?${new URLSearchParams({ clientId, network, token })}`;

/** The cache key's part for a positions read: the networks, or "" for the client's own. */
export const networksKey = (networks: string[] | null) => (networks ? networks.join(",") : "");
