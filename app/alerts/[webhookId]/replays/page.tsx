import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { ReplayRunsView } from "@/components/alerts/replays/replay-runs-view";
import { WebhookHeader } from "@/components/alerts/webhook-header";
import { UrlText } from "@/components/ui/url-text";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { listReplayRuns } from "@/server/alerts/replay/receipts-read";
import { loadWebhookPage } from "../load-webhook";

type Params = Promise<{ webhookId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Replays of ${(await params).webhookId}` };
}

export default async function ReplaysPage({ params }: { params: Params }) {
  const { webhookId } = await params;
  const loaded = await loadWebhookPage(webhookId, `/alerts/${webhookId}/replays`);
  if ("page" in loaded) return loaded.page;
  const { webhook } = loaded;
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({
    queryKey: queryKeys.alerts.replays(webhook.id),
    queryFn: () => listReplayRuns(webhook.id),
  });
  return (
    <>
      <WebhookHeader title="Replays" webhook={webhook}>
        Replays of failed deliveries to <UrlText url={webhook.url} />, each followed until its events had a new outcome.
      </WebhookHeader>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ReplayRunsView webhookId={webhook.id} />
      </HydrationBoundary>
    </>
  );
}
