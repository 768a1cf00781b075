import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { CaseRequirements } from "@/components/cases/case-requirements";
import { NotificationsSection } from "@/components/notifications/notifications-section";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { UsersView } from "@/components/users/users-view";
import { can } from "@/lib/auth/permissions";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { requireUser } from "@/server/auth/session";
import { listCaseRequirements } from "@/server/cases/requirements";
import { shownNotifications } from "@/server/notifications/view";
import { shownUsers } from "@/server/users/list";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const user = await requireUser("/users");
  if (!can(user.role, "users:manage")) return <AccessDenied what="users:manage" />;
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery({
      queryKey: queryKeys.users.list(),
      queryFn: async () => ({ users: await shownUsers() }),
    }),
    queryClient.prefetchQuery({
      queryKey: queryKeys.cases.requirements(),
      queryFn: async () => ({ requirements: await listCaseRequirements() }),
    }),
    queryClient.prefetchQuery({
      queryKey: queryKeys.notifications.view(),
      queryFn: shownNotifications,
    }),
  ]);
  return (
    <>
      <PageHeader
        title="Users"
        description="Staff accounts and their roles. Changes take effect on the user's next request."
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <div className="space-y-8">
          <UsersView currentUserId={user.id} />
          <CaseRequirements />
          <NotificationsSection />
        </div>
      </HydrationBoundary>
    </>
  );
}
