import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { ApprovalsView } from "@/components/ejects/approvals-view";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/server/auth/session";
import { approvalsInbox } from "@/server/ejects/approvals-view";
import { can } from "@/lib/auth/permissions";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage() {
  const user = await requireUser("/approvals");
  if (!can(user.role, "eject:approve")) return <AccessDenied what="eject:approve" />;
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ queryKey: queryKeys.approvals.inbox(), queryFn: () => approvalsInbox(user) });
  return (
    <>
      <PageHeader
        title="Approvals"
        description="Eject requests waiting for your approval, across clients. You see only those you may decide: not your own, and not ones made before your account existed or by whoever created it."
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ApprovalsView />
      </HydrationBoundary>
    </>
  );
}
