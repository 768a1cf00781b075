import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { HealthView } from "@/components/alerts/health/health-view";
import { WebhookHeader } from "@/components/alerts/webhook-header";
import { UrlText } from "@/components/ui/url-text";
import { loadHealth } from "@/lib/alerts/search-params";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { readWebhookHealth } from "@/server/alerts/health";
import { loadWebhookPage } from "../load-webhook";

type Params = Promise<{ webhookId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Delivery health of ${(await params).webhookId}` };
}

export default async function WebhookHealthPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { webhookId } = await params;
  const { range, tz, test } = loadHealth(await searchParams);
  const loaded = await loadWebhookPage(webhookId, `/alerts/${webhookId}/health`);
  if ("page" in loaded) return loaded.page;
  const { webhook } = loaded;
  const queryClient = getQueryClient();
  // A failed prefetch is not fatal: the view shows the error with a retry.
  await queryClient.prefetchQuery({
    queryKey: queryKeys.alerts.health(webhook.id, range, tz, test),
    queryFn: () => readWebhookHealth(webhook.id, range, tz, undefined, test),
  });
  return (
    <>
      <WebhookHeader title="Delivery health" webhook={webhook}>
        How deliveries to <UrlText url={webhook.url} /> went, hour by hour or day by day, and whether they are failing
        now.
      </WebhookHeader>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <HealthView webhookId={webhook.id} />
      </HydrationBoundary>
    </>
  );
}
