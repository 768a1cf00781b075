import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { SchedulesView } from "@/components/alerts/schedules/schedules-view";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/permissions";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { listSchedules } from "@/server/alerts/schedules/store";
import { requireUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Scheduled exports" };

export default async function SchedulesPage() {
  const user = await requireUser("/alerts/schedules");
  if (!can(user.role, "alerts:export")) return <AccessDenied what="alerts:export" />;
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({
    queryKey: queryKeys.alerts.schedules(),
    queryFn: async () => ({ schedules: await listSchedules() }),
  });
  return (
    <>
      <PageHeader
        title="Scheduled exports"
        description="A webhook's filters exported for every day, week or month that ends, each run the same signed export as one started by hand. Save one from a webhook's events page (Export › Repeat it)."
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <SchedulesView me={{ email: user.email, admin: user.role === "admin" }} />
      </HydrationBoundary>
    </>
  );
}
