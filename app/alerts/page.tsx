import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { WebhooksView } from "@/components/alerts/webhooks-view";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/permissions";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { listWebhookSummaries } from "@/server/alerts/webhook-list";
import { requireUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage() {
  const user = await requireUser("/alerts");
  if (!can(user.role, "alerts:read")) return <AccessDenied what="alerts:read" />;
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({
    queryKey: queryKeys.alerts.webhooks(),
    queryFn: async () => ({ webhooks: await listWebhookSummaries() }),
  });
  return (
    <>
      <PageHeader
        title="Alerts"
        description="The custodian's alert webhooks and how their deliveries went. Open one to browse its events with every filter, replay failures and export the filtered set."
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <WebhooksView
          canUseLegacyTools={can(user.role, "alerts:legacy-tools")}
          canExport={can(user.role, "alerts:export")}
        />
      </HydrationBoundary>
    </>
  );
}
