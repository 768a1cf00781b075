"use client";
import { useEffect, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { EventsPage } from "@/lib/alerts/views";
import { fetchJson } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

export const eventsUrl = (webhookId: string, query: string, cursor: string | null) =>
  `/api/alerts/webhooks/${encodeURIComponent(webhookId)}/events?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

/**
 * The loaded pages of a webhook's events, with the upstream's cursor. "Load more" appends the next
 * page, which is already fetched: one page beyond what is shown is always loaded ahead.
 */
export function useEventPages(webhookId: string, query: string, enabled: boolean) {
  const [shown, setShown] = useState(1);
  const pages = useInfiniteQuery({
    queryKey: queryKeys.alerts.events(webhookId, query),
    queryFn: ({ pageParam }) => fetchJson<EventsPage>(eventsUrl(webhookId, query, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.metadata.cursor ?? undefined,
    enabled,
  });
  const loaded = pages.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if (loaded > 0 && loaded <= shown && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [loaded, shown, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const visible = pages.data?.pages.slice(0, shown) ?? [];
  return {
    pages,
    events: visible.flatMap((p) => p.data),
    total: pages.data?.pages[0]?.metadata.total ?? 0,
    canLoadMore: loaded > shown || hasNextPage,
    loadingMore: loaded <= shown && isFetchingNextPage,
    loadMore: () => setShown((n) => n + 1),
  };
}
