"use client";
import { useQueries } from "@tanstack/react-query";
import type { GasUsageResponse } from "@/lib/contracts/gas";
import { gasUsageUrl } from "@/lib/gas/routes";
import type { ChainAnswer } from "@/lib/gas/view";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/**
 * One query per chain (hydrated from the page's prefetch, then cached per chain), so comparing
 * chains reads them in parallel and one failing chain leaves the others on screen. No automatic
 * retry: the server already retried the upstream, and the error state has a Retry button.
 */
export function useGasAnswers(chains: readonly string[]) {
  const results = useQueries({
    queries: chains.map((chainId) => ({
      queryKey: queryKeys.gas.usage(chainId),
      queryFn: () => fetchJson<GasUsageResponse>(gasUsageUrl(chainId)),
      retry: false,
    })),
  });
  const answers: ChainAnswer[] = chains.map((chainId, i) => {
    const r = results[i];
    // A retry in flight shows as loading, so the click visibly does something.
    if (!r || r.isPending || (r.isError && r.isFetching)) return { chainId };
    if (r.isError) return { chainId, error: r.error.message, cause: r.error };
    return { chainId, data: r.data };
  });
  const retry = (chainId: string) => void results[chains.indexOf(chainId)]?.refetch();
  return { answers, retry };
}
