import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { PendingView } from "@/components/yield/pending-view";
import { can } from "@/lib/auth/permissions";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { requireUser } from "@/server/auth/session";
import { readPendingActions } from "@/server/yield/pending";

export const metadata: Metadata = { title: "Pending yield actions" };

export default async function PendingActionsPage() {
  const user = await requireUser("/yield/pending");
  if (!can(user.role, "yield:read")) return <AccessDenied what="yield:read" />;
  const queryClient = getQueryClient();
  // A failed read is not dehydrated: the view reads again and shows the error with a Retry.
  await queryClient.prefetchQuery({ queryKey: queryKeys.yield.pending(), queryFn: readPendingActions });
  return (
    <>
      <PageHeader
        title="Pending yield actions"
        description={
          <>
            Rewards to claim, exits to withdraw and the provider&apos;s other pending actions, for every test client on
            the networks where it has positions. Manage previews the action; the run signs it.{" "}
            <Link href="/yield" className="text-accent underline underline-offset-2">
              Back to yield
            </Link>
          </>
        }
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <PendingView canAct={can(user.role, "yield:act")} />
      </HydrationBoundary>
    </>
  );
}
