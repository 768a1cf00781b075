import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { ClientDetail } from "@/components/clients/client-detail";
import { AccessDenied } from "@/components/ui/access-denied";
import { requireUser } from "@/server/auth/session";
import { getClient } from "@/server/clients/reads";
import { listEjectRequests } from "@/server/clients/eject";
import { isAppError } from "@/server/errors";
import { can, permissionsOf } from "@/lib/permissions";
import { clientIdSchema } from "@/lib/clients";
import { getQueryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

type Params = Promise<{ clientId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Client ${(await params).clientId}` };
}

export default async function ClientPage({ params }: { params: Params }) {
  const { clientId: raw } = await params;
  const user = await requireUser(`/clients/${raw}`);
  if (!can(user.role, "clients:read")) return <AccessDenied what="clients:read" />;
  const parsed = clientIdSchema.safeParse(decodeURIComponent(raw));
  if (!parsed.success) notFound();
  const clientId = parsed.data;
  const queryClient = getQueryClient();
  try {
    // Fetched here (not only prefetched) so an unknown id is a not-found page, not an error state.
    const client = await getClient(clientId);
    queryClient.setQueryData(queryKeys.clients.detail(clientId), client);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  await queryClient.prefetchQuery({
    queryKey: queryKeys.clients.ejects(clientId),
    queryFn: async () => ({ requests: await listEjectRequests(clientId) }),
  });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ClientDetail clientId={clientId} permissions={permissionsOf(user.role)} currentUserEmail={user.email} />
    </HydrationBoundary>
  );
}
