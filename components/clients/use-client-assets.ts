"use client";
import { useQuery } from "@tanstack/react-query";
import { clientAssetsUrl } from "@/lib/clients/routes";
import type { AssetsResponse } from "@/lib/contracts";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/**
 * A client's balances on one chain of the assets table (by CAIP-2 id), through the console's route.
 * The assets tab and the transfer form share the key, so a balance read by one is reused by the other.
 */
export function useClientAssets(clientId: string, chainId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.clients.assets(clientId, chainId ?? ""),
    queryFn: () => fetchJson<AssetsResponse>(clientAssetsUrl(clientId, chainId ?? "")),
    enabled: Boolean(chainId),
  });
}
