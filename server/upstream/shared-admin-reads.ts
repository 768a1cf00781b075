import "server-only";
import type { ListAlertEventsQuery, ListClientsQuery } from "@/lib/contracts";
import { endpoints, type Endpoint } from "@/lib/contracts/endpoints";
import { getUpstreamConfig } from "@/server/env";
import { currentTiming, PERSON_MAX_WAIT_MS, upstreamSpan } from "@/server/request-timing";
import { getAdminClient, type RequestOptions } from "@/server/upstream";
import { credentialScope, getSharedReads, type SharedRead } from "./shared-reads";

/**
 * The custodian reads staff share (./shared-reads.ts), as the pages, their route handlers and the
 * overview's cards make them. Each is a person's read: one that the rate limit would hold longer
 * than PERSON_MAX_WAIT_MS fails at once with RATE_LIMITED and the wait, also when a page's server
 * component makes it outside any route handler. Jobs read through getAdminClient() directly.
 */
export const sharedAdminReads = {
  listClients: (query: ListClientsQuery) =>
    share(endpoints.listClients, { query }, (options) => getAdminClient().clients.list(query, options)),

  listWebhooks: () =>
    share(endpoints.listAlertWebhooks, {}, (options) => getAdminClient().alerts.webhooks.list(options)),

  webhookEvents: (alertWebhookId: string, query: ListAlertEventsQuery) =>
    share(endpoints.listAlertWebhookEvents, { params: { alertWebhookId }, query }, (options) =>
      getAdminClient().alerts.webhooks.events(alertWebhookId, query, options),
    ),

  gasUsage: (chainId: string) =>
    share(endpoints.getGasSponsorUsage, { params: { chainId } }, (options) =>
      getAdminClient().gas.usage(chainId, options),
    ),
};

function share<T>(
  endpoint: Endpoint,
  input: Omit<SharedRead, "endpoint" | "scope">,
  load: (options: RequestOptions) => PromiseLike<T>,
): Promise<T> {
  const maxWaitMs = currentTiming()?.maxWaitMs ?? PERSON_MAX_WAIT_MS;
  // The span covers waiting for a read another request started: this request spends that time on the upstream too.
  return upstreamSpan(() =>
    getSharedReads().read({ endpoint, ...input, scope: custodianScope() }, async () => load({ maxWaitMs })),
  );
}

let scoped: { baseUrl: string; key: string; scope: string } | undefined;

/** Whose answers these are: a hash of the upstream and the custodian key, computed once per configuration. */
function custodianScope(): string {
  const { baseUrl, custodianApiKey: key } = getUpstreamConfig();
  if (scoped?.baseUrl !== baseUrl || scoped.key !== key)
    scoped = { baseUrl, key, scope: credentialScope(baseUrl, key) };
  return scoped.scope;
}
