import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ClientDetail } from "@/components/clients/client-detail";
import { AccessDenied } from "@/components/ui/access-denied";
import { can, permissionsOf } from "@/lib/auth/permissions";
import { clientIdSchema } from "@/lib/clients";
import { assetsChainFromUrl } from "@/lib/clients/assets-url";
import { loadClientDetail } from "@/lib/clients/search-params";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { requireUser } from "@/server/auth/session";
import { getClientAssets, getClientView } from "@/server/clients/reads";
import { shownTimeline } from "@/server/clients/timeline";
import { getDb } from "@/server/db";
import { listEjectRequests } from "@/server/ejects";
import { getUpstreamConfig } from "@/server/env";
import { isAppError } from "@/server/errors";
import { hasStoredShares, shownTestClient } from "@/server/lab/test-clients";

type Params = Promise<{ clientId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Client ${(await params).clientId}` };
}

export default async function ClientPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { clientId: raw } = await params;
  const search = loadClientDetail(await searchParams);
  const user = await requireUser(`/clients/${raw}`);
  if (!can(user.role, "clients:read")) return <AccessDenied what="clients:read" />;
  const parsed = clientIdSchema.safeParse(decodeURIComponent(raw));
  if (!parsed.success) notFound();
  const clientId = parsed.data;
  const queryClient = getQueryClient();
  let client;
  try {
    // Fetched here (not only prefetched) so an unknown id is a not-found page, not an error state.
    client = await getClientView(clientId);
    queryClient.setQueryData(queryKeys.clients.detail(clientId), client);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  // The balances of the chain in the URL (the assets tab's ?chain=), when that tab is the one shown.
  // A failed prefetch is not fatal: the tab shows the error with a retry.
  // Without a (known) ?chain=, the tab shows every chain the client has a wallet on: up to 26 upstream
  // reads, which the browser asks for (/api/clients/<id>/balances) once the page is there. Read here,
  // they held the whole page until the slowest chain answered and made it cost three times the rest
  // of the page's CPU (bench/REPORT.md, CPU per request).
  const assetsChain = assetsChainFromUrl(search.chain).chainId;
  const assetsShown = search.tab === "assets" && can(user.role, "assets:read");
  // The timeline's first page for the kinds in the URL (the tab's ?kinds=), when that tab is shown.
  const timelineShown = search.tab === "timeline";
  const kinds = search.kinds;
  const [testClient] = await Promise.all([
    shownTestClient(clientId),
    queryClient.prefetchQuery({
      queryKey: queryKeys.clients.ejects(clientId),
      queryFn: async () => ({ requests: await listEjectRequests(clientId) }),
    }),
    assetsShown && assetsChain
      ? queryClient.prefetchQuery({
          queryKey: queryKeys.clients.assets(clientId, assetsChain),
          queryFn: () => getClientAssets(clientId, assetsChain),
        })
      : undefined,
    timelineShown
      ? queryClient.prefetchInfiniteQuery({
          queryKey: queryKeys.clients.timeline(clientId, kinds.join(",")),
          queryFn: () => shownTimeline(clientId, { kinds, limit: 25 }),
          initialPageParam: null as string | null,
        })
      : undefined,
  ]);
  // The wallet lab's starting state: which shares the vault holds (without opening them).
  const labShares =
    testClient && can(user.role, "wallet-lab:use")
      ? { signing: testClient.hasShares, backup: await hasStoredShares(await getDb(), clientId, "backup") }
      : undefined;
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ClientDetail
        clientId={clientId}
        permissions={permissionsOf(user.role)}
        currentUserEmail={user.email}
        testClient={testClient}
        labShares={labShares}
        upstreamMode={getUpstreamConfig().mode}
      />
    </HydrationBoundary>
  );
}
