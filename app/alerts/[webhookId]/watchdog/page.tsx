import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { WatchdogView } from "@/components/alerts/watchdog/watchdog-view";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { RateLimitedPage } from "@/components/ui/rate-limited-page";
import { can } from "@/lib/auth/permissions";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { readWatchdog } from "@/server/alerts/watchdog";
import { getWebhook } from "@/server/alerts/webhook-list";
import { requireUser } from "@/server/auth/session";
import { isAppError } from "@/server/errors";

type Params = Promise<{ webhookId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Chain watchdog of ${(await params).webhookId}` };
}

export default async function WatchdogPage({ params }: { params: Params }) {
  const { webhookId } = await params;
  const user = await requireUser(`/alerts/${webhookId}/watchdog`);
  if (!can(user.role, "alerts:read")) return <AccessDenied what="alerts:read" />;
  let webhook;
  try {
    webhook = await getWebhook(decodeURIComponent(webhookId));
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    if (isAppError(error) && error.code === "RATE_LIMITED")
      return <RateLimitedPage message={error.userMessage} retryAfterSeconds={error.retryAfterSeconds} />;
    throw error;
  }
  const queryClient = getQueryClient();
  // A failed prefetch is not fatal: the view shows the error with a retry.
  await queryClient.prefetchQuery({
    queryKey: queryKeys.alerts.watchdog(webhook.id),
    queryFn: () => readWatchdog(webhook.id),
  });
  return (
    <>
      <PageHeader
        title="Chain watchdog"
        description={
          <>
            Alerts to <span className="font-mono break-all">{webhook.url}</span> whose confirmed alert never came, with
            what the chain says of each transaction.{" "}
            <Link
              href={`/alerts/${encodeURIComponent(webhook.id)}`}
              className="text-accent underline underline-offset-2"
            >
              All events of this webhook
            </Link>
          </>
        }
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <WatchdogView webhookId={webhook.id} />
      </HydrationBoundary>
    </>
  );
}
