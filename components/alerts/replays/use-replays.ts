"use client";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ReceiptsPage, ReplayRunSummary } from "@/lib/alerts/replay-receipts";
import { receiptsUrl, replaysUrl } from "@/lib/alerts/routes";
import type { RECEIPT_SHOWS } from "@/lib/alerts/search-params";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

const active = (runs: ReplayRunSummary[] | undefined) =>
  !!runs?.some((r) => r.status === "queued" || r.status === "running");

/** The webhook's replays that left receipts, re-read every few seconds while one of them runs. */
export function useReplayRuns(webhookId: string) {
  return useQuery({
    queryKey: queryKeys.alerts.replays(webhookId),
    queryFn: () => fetchJson<ReplayRunSummary[]>(replaysUrl(webhookId)),
    refetchInterval: (query) => (active(query.state.data) ? 5_000 : false),
  });
}

/** Whether the run still follows its receipts (queued or running). */
export const following = (page: ReceiptsPage | undefined) =>
  !!page && (page.run.status === "queued" || page.run.status === "running");

/** A run's receipts, a hundred at a time, re-read every few seconds while the run follows them. */
export function useReceipts(webhookId: string, runId: string, show: (typeof RECEIPT_SHOWS)[number]) {
  return useInfiniteQuery({
    queryKey: queryKeys.alerts.receipts(webhookId, runId, show),
    queryFn: ({ pageParam }) => fetchJson<ReceiptsPage>(receiptsUrl(webhookId, runId, show, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: (query) => (following(query.state.data?.pages[0]) ? 3_000 : false),
  });
}
