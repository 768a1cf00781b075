import "server-only";
import { chainFamily, resolveBuildTransactionChain } from "@/lib/chains";
import {
  buildTransactionResponseSchemaFor,
  endpoints,
  type AssetsParams,
  type BuildTransactionBody,
  type BuildTransactionParams,
  type CreateClientBody,
  type EnableEjectBody,
  type FormatAlertBody,
  type ListAlertEventsQuery,
  type ListAlertEventsResponse,
  type ListClientsQuery,
  type ListClientsResponse,
  type ReplayFailedEventsBody,
  type RetryByBlockNumberBody,
} from "@/lib/contracts";
import { UpstreamClient, type RequestOptions, type UpstreamClientOptions } from "./core";

/**
 * The custodian administration API, authenticated with the custodian key:
 * admin.clients.*, admin.alerts.* (webhooks and the deprecated helpers), admin.gas.*.
 */
export class AdminClient extends UpstreamClient {
  readonly clients = new Clients(this);
  readonly alerts = new Alerts(this);
  readonly gas = new Gas(this);

  constructor(options: UpstreamClientOptions) {
    super("admin", options);
  }
}

class Clients {
  constructor(private readonly client: UpstreamClient) {}

  create(body: CreateClientBody = {}, options?: RequestOptions) {
    return this.client.call(endpoints.createClient, { body }, options);
  }

  /** A new client session token. Mint through SessionTokenCache for client-scoped calls. */
  createSession(clientId: string, options?: RequestOptions) {
    return this.client.call(endpoints.createClientSession, { params: { clientId }, body: {} }, options);
  }

  webOtp(clientId: string, options?: RequestOptions) {
    return this.client.call(endpoints.getWebOtp, { params: { clientId } }, options);
  }

  retrieve(clientId: string, options?: RequestOptions) {
    return this.client.call(endpoints.retrieveClient, { params: { clientId } }, options);
  }

  list(query: ListClientsQuery = {}, options?: RequestOptions) {
    return this.client.call(endpoints.listClients, { query }, options);
  }

  /** Every page from `query.cursor` on, following metadata.cursor until the upstream says there is no more. */
  async *pages(query: ListClientsQuery = {}, options?: RequestOptions): AsyncGenerator<ListClientsResponse> {
    yield* paginate(
      (cursor) => this.list({ ...query, cursor }, options),
      query.cursor,
      (page) => page.results.length,
    );
  }

  assets(clientId: string, chain: AssetsParams["chain"], options?: RequestOptions) {
    return this.client.call(endpoints.listClientAssets, { params: { clientId, chain } }, options);
  }

  /** Checked against the shape of the chain's family (EIP-155, Solana, Bitcoin), so a bad field is named precisely. */
  buildTransaction(
    clientId: string,
    chain: BuildTransactionParams["chain"],
    body: BuildTransactionBody,
    options?: RequestOptions,
  ) {
    const resolved = resolveBuildTransactionChain(chain);
    const family = resolved ? chainFamily(resolved) : undefined;
    const responseSchema = family ? buildTransactionResponseSchemaFor(family) : undefined;
    return this.client.call(endpoints.buildTransaction, { params: { clientId, chain }, body, responseSchema }, options);
  }

  enableEject(clientId: string, body: EnableEjectBody, options?: RequestOptions) {
    return this.client.call(endpoints.enableEject, { params: { clientId }, body }, options);
  }

  ejectableBackupShares(clientId: string, walletId: string, options?: RequestOptions) {
    return this.client.call(endpoints.getEjectableBackupShares, { params: { clientId, walletId } }, options);
  }
}

class Webhooks {
  constructor(private readonly client: UpstreamClient) {}

  list(options?: RequestOptions) {
    return this.client.call(endpoints.listAlertWebhooks, {}, options);
  }

  events(alertWebhookId: string, query: ListAlertEventsQuery, options?: RequestOptions) {
    return this.client.call(endpoints.listAlertWebhookEvents, { params: { alertWebhookId }, query }, options);
  }

  /** Every page of a filtered event list, for exports of the whole set. */
  async *eventPages(
    alertWebhookId: string,
    query: ListAlertEventsQuery,
    options?: RequestOptions,
  ): AsyncGenerator<ListAlertEventsResponse> {
    yield* paginate(
      (cursor) => this.events(alertWebhookId, { ...query, cursor }, options),
      query.cursor,
      (page) => page.data.length,
    );
  }

  /** Re-delivers events whose status is failed; the rest come back in data.failed. */
  replay(alertWebhookId: string, body: ReplayFailedEventsBody, options?: RequestOptions) {
    return this.client.call(endpoints.replayFailedAlertWebhookEvents, { params: { alertWebhookId }, body }, options);
  }
}

class Alerts {
  readonly webhooks: Webhooks;

  constructor(private readonly client: UpstreamClient) {
    this.webhooks = new Webhooks(client);
  }

  /** @deprecated by the upstream: formats a raw wallet webhook event. */
  format(body: FormatAlertBody, options?: RequestOptions) {
    return this.client.call(endpoints.formatWalletAlert, { body }, options);
  }

  /** @deprecated by the upstream: formats a raw webhook event holding one or many transactions. */
  formatMany(body: FormatAlertBody, options?: RequestOptions) {
    return this.client.call(endpoints.formatAlerts, { body }, options);
  }

  /** @deprecated by the upstream: resends the wallet events of an EVM block (204). */
  retryByBlockNumber(body: RetryByBlockNumberBody, options?: RequestOptions) {
    return this.client.call(endpoints.retryAlertsByBlockNumber, { body }, options);
  }
}

class Gas {
  constructor(private readonly client: UpstreamClient) {}

  /** chainId: a CAIP-2 id, encoded into the path. */
  usage(chainId: string, options?: RequestOptions) {
    return this.client.call(endpoints.getGasSponsorUsage, { params: { chainId } }, options);
  }
}

/**
 * Follows a list's cursor. Stops when the upstream returns no cursor, an empty page, or the
 * cursor it was just given (which would otherwise loop forever).
 */
async function* paginate<P extends { metadata: { cursor: string | null } }>(
  fetchPage: (cursor: string | undefined) => PromiseLike<P>,
  start: string | undefined,
  size: (page: P) => number,
): AsyncGenerator<P> {
  let cursor = start;
  for (;;) {
    const page = await fetchPage(cursor);
    yield page;
    const next = page.metadata.cursor;
    if (!next || next === cursor || size(page) === 0) return;
    cursor = next;
  }
}
