import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { GasView } from "@/components/gas/gas-view";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/permissions";
import { loadGasUrl, validGasChains } from "@/lib/gas/search-params";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { requireUser } from "@/server/auth/session";
import { gasUsage } from "@/server/gas/usage";

export const metadata: Metadata = { title: "Gas" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function GasPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUser("/gas");
  if (!can(user.role, "gas:read")) return <AccessDenied what="gas:read" />;
  const { chains } = validGasChains(loadGasUrl(await searchParams).chains);
  const queryClient = getQueryClient();
  // Every chosen chain in parallel. A failure is not fatal: it is not dehydrated, so the view reads
  // the chain again and shows the error with a Retry. No retry here: the upstream client retried.
  await Promise.all(
    chains.map((chainId) =>
      queryClient.prefetchQuery({
        queryKey: queryKeys.gas.usage(chainId),
        queryFn: () => gasUsage(chainId),
        retry: false,
      }),
    ),
  );
  // The page's clock, read once per request (a server component does not re-render) and handed down,
  // so the server render, the hydrated view and its CSV place "this month" at the same instant.
  // eslint-disable-next-line react-hooks/purity
  const asOf = Date.now();
  return (
    <>
      <PageHeader
        title="Gas"
        description="The gas the custodian's paymaster sponsored for account-abstracted clients, per chain and month, and where it is heading. Months are UTC months."
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <GasView asOf={asOf} />
      </HydrationBoundary>
    </>
  );
}
