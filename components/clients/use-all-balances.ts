"use client";
import { useQuery } from "@tanstack/react-query";
import type { AllBalances } from "@/lib/clients/balances";
import { clientBalancesUrl } from "@/lib/clients/routes";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/** The client's balances on every chain it has a wallet on, read in parallel by the console's server. */
export function useAllBalances(clientId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.clients.balances(clientId),
    queryFn: () => fetchJson<AllBalances>(clientBalancesUrl(clientId)),
    enabled,
  });
}
