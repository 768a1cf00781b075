"use client";
import { useQuery } from "@tanstack/react-query";
import type { ClientView } from "@/lib/clients/client-view";
import { clientUrl } from "@/lib/clients/routes";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/** One client as its page shows it (prefetched by the page). */
export function useClient(clientId: string) {
  return useQuery({
    queryKey: queryKeys.clients.detail(clientId),
    queryFn: () => fetchJson<ClientView>(clientUrl(clientId)),
  });
}
