import "server-only";
import { context, propagation } from "@opentelemetry/api";
import type { ListAlertEventsQuery, ListClientsQuery } from "@/lib/contracts";
import { endpoints, type Endpoint } from "@/lib/contracts/endpoints";
import { KeeperUnavailableError, keeperChannel, type KeeperReply } from "@/server/cluster/channel";
import { getUpstreamConfig } from "@/server/env";
import { currentTiming, PERSON_MAX_WAIT_MS, upstreamSpan } from "@/server/request-timing";
import { getAdminClient, type RequestOptions } from "@/server/upstream";
import { upstreamErrorFromJSON } from "./errors";
import { credentialScope, getSharedReads, type SharedRead } from "./shared-reads";

/**
 * The custodian reads staff share (./shared-reads.ts), as the pages, their route handlers and the
 * overview's cards make them. Each is a person's read: one that the rate limit would hold longer
 * than PERSON_MAX_WAIT_MS fails at once with RATE_LIMITED and the wait, also when a page's server
 * component makes it outside any route handler. Jobs read through getAdminClient() directly.
 */
const reads = {
  listClients: (query: ListClientsQuery) =>
    share(endpoints.listClients, { query }, (options) => getAdminClient().clients.list(query, options)),

  /** A client's record as its page and route show it; actions read it afresh (server/clients/reads.ts). */
  retrieveClient: (clientId: string) =>
    share(endpoints.retrieveClient, { params: { clientId } }, (options) =>
      getAdminClient().clients.retrieve(clientId, options),
    ),

  listWebhooks: () =>
    share(endpoints.listAlertWebhooks, {}, (options) => getAdminClient().alerts.webhooks.list(options)),

  /** `keepMs`: kept that long in the one cache of every console process (counts said to be a minute old). */
  webhookEvents: (alertWebhookId: string, query: ListAlertEventsQuery, keepMs?: number) =>
    share(
      endpoints.listAlertWebhookEvents,
      { params: { alertWebhookId }, query, ...(keepMs === undefined ? {} : { keepMs }) },
      (options) => getAdminClient().alerts.webhooks.events(alertWebhookId, query, options),
    ),

  gasUsage: (chainId: string) =>
    share(endpoints.getGasSponsorUsage, { params: { chainId } }, (options) =>
      getAdminClient().gas.usage(chainId, options),
    ),
};

export type SharedReadName = keyof typeof reads;

/** This process's own shared reads: what the keeper runs for the other processes (server/cluster/keeper.ts). */
export function runSharedRead(name: string, args: unknown[]): Promise<unknown> {
  if (!Object.hasOwn(reads, name)) return Promise.reject(new Error(`no shared read is called ${name.slice(0, 40)}`));
  return (reads[name as SharedReadName] as (...a: unknown[]) => Promise<unknown>)(...args);
}

/**
 * The reads, each made by the process that keeps the upstream budget when another one does
 * (server/cluster/), so every console process shares one cache; by this one otherwise.
 */
export const sharedAdminReads = Object.fromEntries(
  Object.keys(reads).map((name) => [
    name,
    (...args: unknown[]) => viaKeeper(name as SharedReadName, args, () => runSharedRead(name, args)),
  ]),
) as typeof reads;

async function viaKeeper(name: SharedReadName, args: unknown[], here: () => Promise<unknown>): Promise<unknown> {
  const channel = keeperChannel();
  if (!channel?.asks) return here();
  let answer: KeeperReply;
  try {
    // The keeper's upstream call belongs to this request's trace (W3C trace context; nothing when tracing is off).
    const trace: Record<string, string> = {};
    propagation.inject(context.active(), trace);
    answer = await upstreamSpan(() => channel.ask({ op: "read", name, args, trace }).reply);
  } catch (error) {
    // No keeper now: this process reads for itself, on its share of the limit.
    if (error instanceof KeeperUnavailableError) return here();
    throw error;
  }
  if (answer.upstreamError)
    throw upstreamErrorFromJSON(answer.upstreamError as Parameters<typeof upstreamErrorFromJSON>[0]);
  if (answer.error) throw new Error(`the shared read ${name} failed in the process that keeps the budget`);
  return answer.value;
}

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
