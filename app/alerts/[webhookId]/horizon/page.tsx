import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { HorizonView } from "@/components/alerts/horizon/horizon-view";
import { WebhookHeader } from "@/components/alerts/webhook-header";
import { UrlText } from "@/components/ui/url-text";
import { loadSummaryTest } from "@/lib/alerts/search-params";
import { can } from "@/lib/auth/permissions";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { readDropHorizon } from "@/server/alerts/drop-horizon";
import { loadWebhookPage } from "../load-webhook";

type Params = Promise<{ webhookId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Drop horizon of ${(await params).webhookId}` };
}

export default async function DropHorizonPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { webhookId } = await params;
  const { test } = loadSummaryTest(await searchParams);
  const loaded = await loadWebhookPage(webhookId, `/alerts/${webhookId}/horizon`);
  if ("page" in loaded) return loaded.page;
  const { user, webhook } = loaded;
  const queryClient = getQueryClient();
  // A failed prefetch is not fatal: the view shows the error with a retry.
  await queryClient.prefetchQuery({
    queryKey: queryKeys.alerts.horizon(webhook.id, test),
    queryFn: () => readDropHorizon(webhook.id, undefined, undefined, test),
  });
  return (
    <>
      <WebhookHeader title="Drop horizon" webhook={webhook}>
        Failed deliveries to <UrlText url={webhook.url} /> that the upstream is still retrying, lost soonest first:
        replay them before they are dropped.
      </WebhookHeader>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <HorizonView webhookId={webhook.id} canReplay={can(user.role, "alerts:replay")} />
      </HydrationBoundary>
    </>
  );
}
