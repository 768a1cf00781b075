import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { YieldView } from "@/components/yield/yield-view";
import { can } from "@/lib/auth/permissions";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { filtersKey } from "@/lib/yield/opportunities";
import { readYieldPage } from "@/lib/yield/page-state";
import { networksKey } from "@/lib/yield/positions";
import { loadYieldPage } from "@/lib/yield/search-params";
import { requireUser } from "@/server/auth/session";
import { getEnv } from "@/server/env";
import { listTestClients } from "@/server/lab/test-clients";
import { opportunities, positions, yieldClient } from "@/server/yield/reads";

export const metadata: Metadata = { title: "Yield" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function YieldPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser("/yield");
  if (!can(user.role, "yield:read")) return <AccessDenied what="yield:read" />;
  const testnetsByDefault = getEnv().upstreamMode === "sandbox";
  const page = readYieldPage(loadYieldPage(await searchParams), testnetsByDefault);
  const queryClient = getQueryClient();
  // A failed read is not dehydrated: the view reads again and shows the error with a Retry.
  await Promise.all([
    queryClient.prefetchQuery({
      queryKey: queryKeys.testClients.list(),
      queryFn: async () => ({ clients: await listTestClients() }),
    }),
    ...(page.clientId
      ? [
          queryClient.prefetchQuery({
            queryKey: queryKeys.yield.client(page.clientId),
            queryFn: () => yieldClient(page.clientId as string),
            retry: false,
          }),
          page.tab === "opportunities"
            ? queryClient.prefetchQuery({
                queryKey: queryKeys.yield.opportunities(page.clientId, filtersKey(page.filters)),
                queryFn: async () => ({ items: await opportunities(page.clientId as string, page.filters) }),
                retry: false,
              })
            : null,
          page.tab === "positions"
            ? queryClient.prefetchQuery({
                queryKey: queryKeys.yield.positions(page.clientId, networksKey(page.networks)),
                queryFn: () => positions(page.clientId as string, page.networks ?? undefined),
                retry: false,
              })
            : null,
        ]
      : []),
  ]);
  return (
    <>
      <PageHeader
        title="Yield"
        description="A client's yield opportunities and positions. Developers act for test clients: each action is previewed, then a job on the server signs, reports and confirms every transaction in order."
        actions={
          <Link href="/yield/pending" className="text-sm text-accent underline underline-offset-2">
            Pending actions of every test client
          </Link>
        }
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <YieldView
          canAct={can(user.role, "yield:act")}
          canSetUp={can(user.role, "wallet-lab:use")}
          testnetsByDefault={testnetsByDefault}
        />
      </HydrationBoundary>
    </>
  );
}
