import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { HealthView } from "@/components/alerts/health/health-view";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { RateLimitedPage } from "@/components/ui/rate-limited-page";
import { HEALTH_RANGES } from "@/lib/alerts/health";
import { can } from "@/lib/auth/permissions";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { isZone, UTC } from "@/lib/shared/time-zone";
import { readWebhookHealth } from "@/server/alerts/health";
import { getWebhook } from "@/server/alerts/webhook-list";
import { requireUser } from "@/server/auth/session";
import { isAppError } from "@/server/errors";

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
  const query = await searchParams;
  const range = HEALTH_RANGES.find((r) => r === query.range) ?? "7d";
  const tz = typeof query.tz === "string" && isZone(query.tz) ? query.tz : UTC;
  const user = await requireUser(`/alerts/${webhookId}/health`);
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
    queryKey: queryKeys.alerts.health(webhook.id, range, tz),
    queryFn: () => readWebhookHealth(webhook.id, range, tz),
  });
  return (
    <>
      <PageHeader
        title="Delivery health"
        description={
          <>
            How deliveries to <span className="font-mono break-all">{webhook.url}</span> went, hour by hour or day by
            day, and whether they are failing now.{" "}
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
        <HealthView webhookId={webhook.id} />
      </HydrationBoundary>
    </>
  );
}
