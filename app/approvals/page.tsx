import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { ApprovalsView } from "@/components/ejects/approvals-view";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/permissions";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { requireUser } from "@/server/auth/session";
import { approvalsInbox, myEjectRequests } from "@/server/ejects/approvals-view";

export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage() {
  const user = await requireUser("/approvals");
  const approves = can(user.role, "eject:approve");
  const requests = can(user.role, "eject:request");
  if (!approves && !requests) return <AccessDenied what={["eject:approve", "eject:request"]} />;
  const queryClient = getQueryClient();
  await Promise.all([
    approves
      ? queryClient.prefetchQuery({ queryKey: queryKeys.approvals.inbox(), queryFn: () => approvalsInbox(user) })
      : undefined,
    requests
      ? queryClient.prefetchQuery({ queryKey: queryKeys.approvals.mine(), queryFn: () => myEjectRequests(user) })
      : undefined,
  ]);
  const description = approves
    ? "Eject requests waiting for your approval, across clients, and what you decided. You see only those you may decide: not your own, and not ones made before your account existed or by whoever created it."
    : "Your eject requests across clients and where each stands: waiting for someone else's approval, approved, window open, done.";
  return (
    <>
      <PageHeader title="Approvals" description={description} />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ApprovalsView approves={approves} requests={requests} />
      </HydrationBoundary>
    </>
  );
}
