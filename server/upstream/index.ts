import "server-only";
import type { Endpoint } from "@/lib/contracts/endpoints";
import { keeperChannel } from "@/server/cluster/channel";
import { getEnv, getUpstreamConfig, type UpstreamConfig } from "@/server/env";
import { AdminClient } from "./admin";
import type { Credential, UpstreamClientOptions } from "./core";
import { MpcClient } from "./mpc";
import type { RetryDelays } from "./retry";
import { SessionTokenCache } from "./session-tokens";
import { rateLimitKey, sharedRateLimiter } from "./shared-budget";
import { affectedBy, getSharedReads } from "./shared-reads";
import { YieldClient } from "./yield";

export { AdminClient } from "./admin";
export { MpcClient } from "./mpc";
export { YieldClient } from "./yield";
export {
  UpstreamClient,
  type BearerProvider,
  type Credential,
  type RequestOptions,
  type UpstreamClientOptions,
} from "./core";
export { UpstreamPromise, type UpstreamResponse } from "./upstream-promise";
export * from "./errors";
export { SessionTokenCache, DEFAULT_SESSION_TOKEN_TTL_MS } from "./session-tokens";
export { SlidingWindowRateLimiter } from "./sliding-window";
export { sharedRateLimiter, rateLimitKey } from "./shared-budget";
export { type RateLimiter } from "./rate-limiter";
export { redact, scrubSecrets, isSecretField } from "@/server/redact";
export { path, fillPath, chainSegment } from "./path";

/** Signing and broadcasting can take longer than an administration read. */
const MPC_TIMEOUT_MS = 60_000;

/** Who an MPC or yield client acts as: a client (session token minted and cached), or an explicit client API key. */
export type ClientCredential = { clientId: string } | { clientApiKey: string };

type Overrides = Partial<Omit<UpstreamClientOptions, "baseURL" | "apiKey">>;

interface Singletons {
  key: string;
  admin: AdminClient;
  sessions: SessionTokenCache;
}

// On globalThis so that Next.js dev reloads keep one token cache per process.
const store = globalThis as { upstreamClients?: Singletons };

function singletons(config: UpstreamConfig): Singletons {
  const key = `${config.baseUrl}|${rateLimitKey("custodian", config.custodianApiKey)}`;
  if (store.upstreamClients?.key === key) return store.upstreamClients;
  const admin = new AdminClient({
    baseURL: config.baseUrl,
    apiKey: config.custodianApiKey,
    rateLimiter: sharedRateLimiter(rateLimitKey("custodian", config.custodianApiKey), {
      limit: getEnv().CUSTODIAN_RATE_LIMIT,
    }),
    retryDelays: retryDelays(),
    afterCall: invalidateSharedReads,
  });
  const sessions = new SessionTokenCache(
    async (clientId) => (await admin.clients.createSession(clientId)).clientSessionToken,
  );
  store.upstreamClients = { key, admin, sessions };
  return store.upstreamClients;
}

/** The wait before the first resend of a failed call (CUSTODIAN_RETRY_BASE_MS), doubling up to the default's most. */
function retryDelays(): Partial<RetryDelays> {
  return { initialMs: getEnv().CUSTODIAN_RETRY_BASE_MS };
}

/** The custodian administration client for the configured upstream (sandbox or real). */
export function getAdminClient(): AdminClient {
  return singletons(getUpstreamConfig()).admin;
}

/**
 * After any upstream call: shared reads it may have changed are dropped (./shared-reads.ts), here
 * and in the process that keeps them for all (server/cluster/).
 */
function invalidateSharedReads(endpoint: Endpoint) {
  getSharedReads().invalidateAfter(endpoint);
  const affected = affectedBy(endpoint);
  if (affected.length > 0) keeperChannel()?.tell({ op: "invalidate", endpoints: [...affected] });
}

/** The process's cache of client session tokens, minted with the custodian key. */
export function getSessionTokens(): SessionTokenCache {
  return singletons(getUpstreamConfig()).sessions;
}

function clientOptions(credential: ClientCredential, baseURL: string, overrides: Overrides): UpstreamClientOptions {
  const apiKey: Credential =
    "clientId" in credential ? getSessionTokens().bearerFor(credential.clientId) : credential.clientApiKey;
  // One limiter per acting client, shared by its MPC and yield clients.
  const limiterKey =
    "clientId" in credential ? `client:${credential.clientId}` : rateLimitKey("client-key", credential.clientApiKey);
  return {
    baseURL,
    apiKey,
    rateLimiter: sharedRateLimiter(limiterKey, { limit: getEnv().CUSTODIAN_RATE_LIMIT }),
    retryDelays: retryDelays(),
    afterCall: invalidateSharedReads,
    ...overrides,
  };
}

export function createMpcClient(credential: ClientCredential, overrides: Overrides = {}): MpcClient {
  const config = getUpstreamConfig();
  return new MpcClient({ timeout: MPC_TIMEOUT_MS, ...clientOptions(credential, config.mpcUrl, overrides) });
}

export function createYieldClient(credential: ClientCredential, overrides: Overrides = {}): YieldClient {
  const config = getUpstreamConfig();
  return new YieldClient({
    yieldProviderSegment: config.yieldSegment,
    ...clientOptions(credential, config.baseUrl, overrides),
  });
}
