import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { WatchdogView } from "@/components/alerts/watchdog/watchdog-view";
import { WebhookHeader } from "@/components/alerts/webhook-header";
import { UrlText } from "@/components/ui/url-text";
import { loadSummaryTest } from "@/lib/alerts/search-params";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { readWatchdog } from "@/server/alerts/watchdog";
import { loadWebhookPage } from "../load-webhook";

type Params = Promise<{ webhookId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Chain watchdog of ${(await params).webhookId}` };
}

export default async function WatchdogPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { webhookId } = await params;
  const { test } = loadSummaryTest(await searchParams);
  const loaded = await loadWebhookPage(webhookId, `/alerts/${webhookId}/watchdog`);
  if ("page" in loaded) return loaded.page;
  const { webhook } = loaded;
  const queryClient = getQueryClient();
  // A failed prefetch is not fatal: the view shows the error with a retry.
  await queryClient.prefetchQuery({
    queryKey: queryKeys.alerts.watchdog(webhook.id, test),
    queryFn: () => readWatchdog(webhook.id, undefined, { test }),
  });
  return (
    <>
      <WebhookHeader title="Chain watchdog" webhook={webhook}>
        Alerts to <UrlText url={webhook.url} /> whose confirmed alert never came, with what the chain says of each
        transaction.
      </WebhookHeader>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <WatchdogView webhookId={webhook.id} />
      </HydrationBoundary>
    </>
  );
}
