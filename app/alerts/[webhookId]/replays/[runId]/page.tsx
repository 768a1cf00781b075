import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReceiptsView } from "@/components/alerts/replays/receipts-view";
import { WebhookHeader } from "@/components/alerts/webhook-header";
import { UrlText } from "@/components/ui/url-text";
import { loadReceipts } from "@/lib/alerts/search-params";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { readReceipts } from "@/server/alerts/replay/receipts-read";
import { isAppError } from "@/server/errors";
import { loadWebhookPage } from "../../load-webhook";

type Params = Promise<{ webhookId: string; runId: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Replay receipts ${(await params).runId}` };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function ReceiptsPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { webhookId, runId } = await params;
  if (!UUID.test(runId)) notFound();
  const loaded = await loadWebhookPage(webhookId, `/alerts/${webhookId}/replays/${runId}`);
  if ("page" in loaded) return loaded.page;
  const { webhook } = loaded;
  const { outcome: show } = loadReceipts(await searchParams);
  const queryClient = getQueryClient();
  try {
    const first = await readReceipts(webhook.id, runId, show === "all" ? {} : { outcomes: [show] });
    queryClient.setQueryData(queryKeys.alerts.receipts(webhook.id, runId, show), {
      pages: [first],
      pageParams: [0],
    });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    // Anything else: the view reads it again and shows the error with a retry.
  }
  return (
    <>
      <WebhookHeader title="Replay receipts" webhook={webhook}>
        What each event a replay sent to <UrlText url={webhook.url} /> came to, followed through the events listing.{" "}
        <span className="font-mono text-xs break-all">Run {runId}</span>.
      </WebhookHeader>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ReceiptsView webhookId={webhook.id} runId={runId} />
      </HydrationBoundary>
    </>
  );
}
