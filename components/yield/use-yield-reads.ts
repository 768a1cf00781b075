"use client";
import { useQuery } from "@tanstack/react-query";
import type { YieldAction } from "@/lib/contracts";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { filtersKey, type OpportunityFilters, type OpportunityView } from "@/lib/yield/opportunities";
import type { PendingPage } from "@/lib/yield/pending";
import { networksKey, type PositionsView } from "@/lib/yield/positions";
import { historyUrl, opportunitiesUrl, pendingUrl, positionsUrl, runsUrl } from "@/lib/yield/routes";
import type { YieldRunView } from "@/lib/yield/runs";

/** The yields offered to the client under a filter set; `{ sort: "rate-desc" }` reads every one. */
export function useOpportunities(clientId: string, filters: OpportunityFilters) {
  return useQuery({
    queryKey: queryKeys.yield.opportunities(clientId, filtersKey(filters)),
    queryFn: () => fetchJson<{ items: OpportunityView[] }>(opportunitiesUrl(clientId, filters)),
  });
}

/** The client's positions on the networks chosen, or (null) on its own. */
export function usePositions(clientId: string, networks: string[] | null) {
  return useQuery({
    queryKey: queryKeys.yield.positions(clientId, networksKey(networks)),
    queryFn: () => fetchJson<PositionsView>(positionsUrl(clientId, networks)),
  });
}

/** The runs the console made for the client, newest first. */
export function useYieldRuns(clientId: string) {
  return useQuery({
    queryKey: queryKeys.yield.runs(clientId),
    queryFn: () => fetchJson<{ runs: YieldRunView[] }>(runsUrl(clientId)),
  });
}

/** The client's yield actions as the provider records them. */
export function useYieldHistory(clientId: string) {
  return useQuery({
    queryKey: queryKeys.yield.history(clientId),
    queryFn: () => fetchJson<{ items: YieldAction[] }>(historyUrl(clientId)),
  });
}

/** Every test client's pending actions. */
export function usePendingActions() {
  return useQuery({
    queryKey: queryKeys.yield.pending(),
    queryFn: () => fetchJson<PendingPage>(pendingUrl()),
  });
}
