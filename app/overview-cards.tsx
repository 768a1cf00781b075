import { HydrationBoundary, dehydrate, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AuditCard, ClientsCard, DeliveriesCard, GasCard } from "@/components/overview/cards";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { listWebhookSummaries } from "@/server/alerts/webhook-list";
import { shownAuditPage } from "@/server/audit/query";
import { clientCount, gasThisMonth } from "@/server/overview/reads";

/**
 * The overview's cards as server components: each reads its own data and is rendered inside its
 * own Suspense boundary by the page, so the page streams card by card and a slow or failing read
 * holds up only its card (a failed read is fetched again by the card in the browser, with Retry).
 */
async function Prefetched<T>({
  queryKey,
  read,
  children,
}: {
  queryKey: QueryKey;
  read: () => Promise<T>;
  children: ReactNode;
}) {
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ queryKey, queryFn: read });
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}

export const ClientsCardServer = () => (
  <Prefetched queryKey={queryKeys.overview.clients()} read={clientCount}>
    <ClientsCard />
  </Prefetched>
);

export const DeliveriesCardServer = () => (
  <Prefetched queryKey={queryKeys.alerts.webhooks()} read={async () => ({ webhooks: await listWebhookSummaries() })}>
    <DeliveriesCard />
  </Prefetched>
);

export const GasCardServer = () => (
  <Prefetched queryKey={queryKeys.overview.gas()} read={() => gasThisMonth()}>
    <GasCard />
  </Prefetched>
);

export const AuditCardServer = () => (
  <Prefetched queryKey={queryKeys.audit.list({}, undefined, 5)} read={() => shownAuditPage({}, { limit: 5 })}>
    <AuditCard />
  </Prefetched>
);
