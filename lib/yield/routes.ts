/** The yield area's data routes (app/api/yield/): the URL each read asks for, built the same way by the pages and the views. */
import type { OpportunityFilters } from "./opportunities";

export function opportunitiesUrl(clientId: string, f: OpportunityFilters): string {
  const q = new URLSearchParams({ clientId, sort: f.sort });
  if (f.network) q.set("network", f.network);
  if (f.token) q.set("token", f.token);
  if (f.type) q.set("type", f.type);
  return `/api/yield/opportunities?${q}`;
}

/** The positions read; null networks reads the client's own (where it has runs or provider actions). */
export const positionsUrl = (clientId: string, networks: string[] | null) =>
  `/api/yield/positions?${new URLSearchParams({ clientId, ...(networks ? { networks: networks.join(",") } : {}) })}`;

/** The client's balance of a yield's token on its network (what an Enter may take). */
export const availableUrl = (clientId: string, network: string, token: string) =>
  `/api/yield/available?${new URLSearchParams({ clientId, network, token })}`;

/** The client as the yield pages show it (address, test client, read-only or not). */
export const yieldClientUrl = (clientId: string) => `/api/yield/client?clientId=${encodeURIComponent(clientId)}`;

/** The client's yield actions as the provider records them. */
export const historyUrl = (clientId: string) => `/api/yield/history?clientId=${encodeURIComponent(clientId)}`;

/** The runs the console made for the client. */
export const runsUrl = (clientId: string) => `/api/yield/runs?clientId=${encodeURIComponent(clientId)}`;

/** One run with its steps. */
export const runUrl = (runId: string) => `/api/yield/runs/${encodeURIComponent(runId)}`;

/** The run's steps simulated on the chain's latest state. */
export const runSimulationUrl = (runId: string) => `/api/yield/runs/${encodeURIComponent(runId)}/simulation`;

/** Every test client's pending actions. */
export const pendingUrl = () => "/api/yield/pending";
