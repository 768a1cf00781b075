import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { Activity, ReceiptText, ShieldAlert } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { EventsView } from "@/components/alerts/events/events-view";
import { HorizonNotice } from "@/components/alerts/horizon/horizon-view";
import { PageHeader } from "@/components/ui/page-header";
import { UrlText } from "@/components/ui/url-text";
import { validateEventFilters } from "@/lib/alerts/filters";
import { serializeEventFilters, loadEventFilters } from "@/lib/alerts/search-params";
import { SUMMARY_TEST_MODE } from "@/lib/alerts/test-activity";
import { can } from "@/lib/auth/permissions";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { readDropHorizon } from "@/server/alerts/drop-horizon";
import { recentExports } from "@/server/alerts/export/start";
import { markedEventsPage } from "@/server/alerts/test-activity/events-page";
import { listSavedViews } from "@/server/saved-views/views";
import { loadWebhookPage } from "./load-webhook";

type Params = Promise<{ webhookId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** As many as the view asks the route for (components/alerts/events/export-dialog.tsx). */
const RECENT_EXPORTS = 5;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Events of ${(await params).webhookId}` };
}

export default async function WebhookEventsPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const { webhookId } = await params;
  const loaded = await loadWebhookPage(webhookId, `/alerts/${webhookId}`);
  if ("page" in loaded) return loaded.page;
  const { user, webhook } = loaded;
  const state = loadEventFilters(await searchParams);
  const { filters } = validateEventFilters(state);
  const query = serializeEventFilters(state).replace(/^\?/, "");
  const queryClient = getQueryClient();
  await Promise.all([
    // A failed prefetch is not fatal: the view shows the error with a retry.
    filters
      ? queryClient.prefetchInfiniteQuery({
          queryKey: queryKeys.alerts.events(webhook.id, query),
          queryFn: () => markedEventsPage(webhook.id, filters),
          initialPageParam: null,
        })
      : null,
    can(user.role, "alerts:export")
      ? queryClient.prefetchQuery({
          queryKey: queryKeys.alerts.exports(webhook.id),
          queryFn: () => recentExports(user, RECENT_EXPORTS, webhook.id),
        })
      : null,
    queryClient.prefetchQuery({
      queryKey: queryKeys.alerts.horizon(webhook.id, SUMMARY_TEST_MODE),
      queryFn: () => readDropHorizon(webhook.id),
    }),
    queryClient.prefetchQuery({
      queryKey: queryKeys.savedViews.list("alerts.events"),
      queryFn: async () => ({ views: await listSavedViews(user.id, "alerts.events") }),
    }),
  ]);
  return (
    <>
      <PageHeader
        title="Webhook events"
        description={
          <>
            Deliveries to <UrlText url={webhook.url} /> ({webhook.id}), newest first. Was the custodian told about a
            transaction, and when?
          </>
        }
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-1">
          <HorizonNotice webhookId={webhook.id} />
          <Link
            href={`/alerts/${encodeURIComponent(webhook.id)}/watchdog`}
            className="inline-flex items-center gap-1.5 text-sm text-accent hover:underline"
          >
            <ShieldAlert className="size-4" aria-hidden /> Chain watchdog
          </Link>
          <Link
            href={`/alerts/${encodeURIComponent(webhook.id)}/health`}
            className="inline-flex items-center gap-1.5 text-sm text-accent hover:underline"
          >
            <Activity className="size-4" aria-hidden /> Delivery health
          </Link>
          <Link
            href={`/alerts/${encodeURIComponent(webhook.id)}/replays`}
            className="inline-flex items-center gap-1.5 text-sm text-accent hover:underline"
          >
            <ReceiptText className="size-4" aria-hidden /> Replays and receipts
          </Link>
        </div>
        <EventsView
          webhook={webhook}
          canReplay={can(user.role, "alerts:replay")}
          canExport={can(user.role, "alerts:export")}
        />
      </HydrationBoundary>
    </>
  );
}
