import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { HorizonView } from "@/components/alerts/horizon/horizon-view";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { RateLimitedPage } from "@/components/ui/rate-limited-page";
import { can } from "@/lib/auth/permissions";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { readDropHorizon } from "@/server/alerts/drop-horizon";
import { getWebhook } from "@/server/alerts/webhook-list";
import { requireUser } from "@/server/auth/session";
import { isAppError } from "@/server/errors";

type Params = Promise<{ webhookId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Drop horizon of ${(await params).webhookId}` };
}

export default async function DropHorizonPage({ params }: { params: Params }) {
  const { webhookId } = await params;
  const user = await requireUser(`/alerts/${webhookId}/horizon`);
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
    queryKey: queryKeys.alerts.horizon(webhook.id),
    queryFn: () => readDropHorizon(webhook.id),
  });
  return (
    <>
      <PageHeader
        title="Drop horizon"
        description={
          <>
            Failed deliveries to <span className="font-mono break-all">{webhook.url}</span> that the upstream is still
            retrying, lost soonest first: replay them before they are dropped.{" "}
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
        <HorizonView webhookId={webhook.id} canReplay={can(user.role, "alerts:replay")} />
      </HydrationBoundary>
    </>
  );
}
