"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { eventsUrl } from "@/lib/alerts/routes";
import type { EventsPage } from "@/lib/alerts/views";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/**
 * The loaded pages of a webhook's events, with the upstream's cursor. "Load more" appends the next
 * page, which is already fetched: one page beyond what is shown is always loaded ahead. `shown` may
 * run one page ahead of what is loaded: the user asked for a page that is still coming (or failed).
 *
 * A next page that fails keeps the pages already loaded (only a first page that fails leaves
 * nothing to show). A failed read-ahead is not retried on its own, nor shown: the user's next
 * "Load more" asks again, and only a page the user asked for reports its failure (`nextPageError`,
 * with `retry`).
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
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  useEffect(() => {
    if (loaded > 0 && loaded <= shown && hasNextPage && !isFetchingNextPage && !isFetchNextPageError)
      void fetchNextPage();
  }, [loaded, shown, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const visible = useMemo(() => pages.data?.pages.slice(0, shown) ?? [], [pages.data, shown]);
  const asked = loaded > 0 && loaded < shown;
  const testActivity = useMemo(
    () => ({
      leftOut: visible.reduce((sum, p) => sum + p.testActivity.leftOut, 0),
      unclassified: visible.reduce((sum, p) => sum + p.testActivity.unclassified, 0),
      test: new Set(visible.flatMap((p) => p.testActivity.marked)) as ReadonlySet<string>,
      unclassifiedIds: new Set(visible.flatMap((p) => p.testActivity.unclassifiedIds)) as ReadonlySet<string>,
      since: visible[0]?.testActivity.since ?? null,
    }),
    [visible],
  );
  return {
    pages,
    events: visible.flatMap((p) => p.data),
    /** What the test switch did over the pages shown. */
    testActivity,
    total: pages.data?.pages[0]?.metadata.total ?? 0,
    canLoadMore: loaded > shown || hasNextPage,
    loadingMore: asked && isFetchingNextPage,
    /** Why the page the user asked for could not be loaded (the loaded ones stay). */
    nextPageError: asked && isFetchNextPageError && !isFetchingNextPage ? pages.error : null,
    loadMore: () => {
      if (loaded > shown) return setShown(shown + 1);
      // The next page is not here: ask for it (again, if reading ahead failed), once.
      if (!asked) setShown(shown + 1);
      if (isFetchNextPageError && !isFetchingNextPage) void fetchNextPage();
    },
  };
}
