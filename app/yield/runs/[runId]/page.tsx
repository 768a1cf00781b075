import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { RunView } from "@/components/yield/run-view";
import { can } from "@/lib/auth/permissions";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { requireUser } from "@/server/auth/session";
import { getDb } from "@/server/db";
import { isAppError } from "@/server/errors";
import { getRunView } from "@/server/yield/runs-store";
import { simulateRun } from "@/server/yield/simulate-run";

export const metadata: Metadata = { title: "Yield run" };

type Params = Promise<{ runId: string }>;

export default async function YieldRunPage({ params }: { params: Params }) {
  const { runId } = await params;
  const user = await requireUser(`/yield/runs/${runId}`);
  if (!can(user.role, "yield:read")) return <AccessDenied what="yield:read" />;
  if (!z.uuid().safeParse(runId).success) notFound();
  const queryClient = getQueryClient();
  try {
    const run = await getRunView(await getDb(), runId);
    queryClient.setQueryData(queryKeys.yield.run(runId), run);
    // Shown while nothing is signed yet (or a step stopped): a failed simulation is not fatal, the view asks again.
    if (run.status === "preview" || run.status === "failed")
      await queryClient.prefetchQuery({
        queryKey: queryKeys.yield.simulation(runId),
        queryFn: () => simulateRun(runId),
        retry: false,
      });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  return (
    <>
      <PageHeader
        title="Yield run"
        description="Each transaction of the provider's action, signed, broadcast, reported and confirmed one at a time by a job on the server. Anyone who opens this page sees the same."
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <RunView runId={runId} canAct={can(user.role, "yield:act")} />
      </HydrationBoundary>
    </>
  );
}
