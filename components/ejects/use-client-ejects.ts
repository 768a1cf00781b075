"use client";
import { useQuery } from "@tanstack/react-query";
import { clientEjectsUrl } from "@/lib/clients/routes";
import type { EjectRequestView } from "@/lib/ejects/views";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { awaitingEvidence, EVIDENCE_POLL_MS } from "./evidence-link";

/** A client's eject requests: the eject tab lists them, the client's header and wallets say where they stand. */
export function useClientEjects(clientId: string) {
  return useQuery({
    queryKey: queryKeys.clients.ejects(clientId),
    queryFn: () => fetchJson<{ requests: EjectRequestView[] }>(clientEjectsUrl(clientId)),
    refetchInterval: (query) => (awaitingEvidence(query.state.data?.requests) ? EVIDENCE_POLL_MS : false),
  });
}
