import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { ClientsView } from "@/components/clients/clients-view";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/permissions";
import { clientsPageQuerySchema } from "@/lib/clients";
import { loadClientsList } from "@/lib/clients/search-params";
import { currentCursor, parseCursorStack } from "@/lib/shared/cursor-stack";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { requireUser } from "@/server/auth/session";
import { listClientsPage } from "@/server/clients/reads";

export const metadata: Metadata = { title: "Clients" };

export default async function ClientsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser("/clients");
  if (!can(user.role, "clients:read")) return <AccessDenied what="clients:read" />;
  const params = loadClientsList(await searchParams);
  const cursor = currentCursor(parseCursorStack(params.cursors));
  const parsed = clientsPageQuerySchema.safeParse({ take: params.take ?? undefined, cursor });
  const queryClient = getQueryClient();
  if (parsed.success) {
    // A failed prefetch is not fatal: the client shows the error with a retry.
    await queryClient.prefetchQuery({
      queryKey: queryKeys.clients.page(parsed.data.take, parsed.data.cursor),
      queryFn: () => listClientsPage(parsed.data),
    });
  }
  return (
    <>
      <PageHeader
        title="Clients"
        description="End users of the custodian, in the upstream's order. To open one by id or find one by address, use the box at the top."
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ClientsView canCreate={can(user.role, "clients:create")} canCreateTest={can(user.role, "wallet-lab:use")} />
      </HydrationBoundary>
    </>
  );
}
