/**
 * One entry per endpoint of the spec: method, path template, credential, and the schemas of its
 * path parameters, query, body and response. The console's upstream clients call through it, the
 * sandbox routes and validates with it, and the OpenAPI document is generated from it, so the three
 * cannot drift apart.
 */
import type { z } from "zod";
import {
  alertWebhookParamsSchema,
  listAlertEventsQuerySchema,
  listAlertEventsResponseSchema,
  listAlertWebhooksResponseSchema,
  replayFailedEventsBodySchema,
  replayFailedEventsResponseSchema,
} from "./alerts";
import {
  assetsParamsSchema,
  assetsResponseSchema,
  buildTransactionBodySchema,
  buildTransactionParamsSchema,
  buildTransactionResponseSchema,
} from "./assets";
import {
  clientIdParamsSchema,
  clientSchema,
  createClientBodySchema,
  createClientResponseSchema,
  createSessionResponseSchema,
  listClientsQuerySchema,
  listClientsResponseSchema,
  webOtpResponseSchema,
} from "./clients";
import { emptyBodySchema, noContentSchema } from "./common";
import {
  formatAlertBodySchema,
  formatAlertsResponseSchema,
  formatWalletAlertResponseSchema,
  retryByBlockNumberBodySchema,
} from "./deprecated";
import {
  ejectableBackupSharesResponseSchema,
  enableEjectBodySchema,
  enableEjectResponseSchema,
  walletParamsSchema,
} from "./eject";
import { gasUsageParamsSchema, gasUsageResponseSchema } from "./gas";
import {
  assetsSendBodySchema,
  assetsSendResponseSchema,
  backupBodySchema,
  backupResponseSchema,
  generateBodySchema,
  generateResponseSchema,
  rawSignBodySchema,
  rawSignParamsSchema,
  rawSignResponseSchema,
  recoverBodySchema,
  recoverResponseSchema,
  signBodySchema,
  signResponseSchema,
} from "./mpc";
import {
  enterYieldBodySchema,
  exitYieldBodySchema,
  listYieldActionsQuerySchema,
  listYieldActionsResponseSchema,
  listYieldsQuerySchema,
  listYieldsResponseSchema,
  manageYieldBodySchema,
  submitHashBodySchema,
  submitHashResponseSchema,
  yieldActionResponseSchema,
  yieldBalancesBodySchema,
  yieldBalancesResponseSchema,
  yieldTransactionParamsSchema,
} from "./yield";

export type Area = "admin" | "mpc" | "yield";
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** custodian: the custodian API key. client: a client API key or client session token. */
export type AuthKind = "custodian" | "client";

export interface Endpoint {
  id: string;
  area: Area;
  method: HttpMethod;
  /** As the spec writes it, relative to {base_url} or {mpc_url}, with {placeholders}. */
  path: string;
  auth: AuthKind;
  deprecated?: boolean;
  /** A POST that only reads, so a client may resend it; otherwise idempotency follows the method. */
  idempotent?: boolean;
  /**
   * The answer exists to hand out a secret (an API key, a session token, an OTP, shares), so the
   * console's upstream client returns it as sent. Every other answer has its secret-named fields
   * replaced by "[redacted]" before it is cached, logged, parsed or returned (server/upstream/core.ts):
   * whatever the upstream adds later (a webhook's signing secret…) never reaches a browser.
   */
  handsOutSecret?: true;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  status: 200 | 204;
}

const endpoint = <const E extends Endpoint>(def: E): E => def;

const ADMIN = "/api/v3/custodians/me";
const YIELD = "/api/v3/clients/me/integrations/yield-provider";

export const endpoints = {
  // Custodian administration
  createClient: endpoint({
    id: "createClient",
    area: "admin",
    method: "POST",
    path: `${ADMIN}/clients`,
    auth: "custodian",
    summary: "Register a client; returns its API key and a first session token",
    handsOutSecret: true,
    body: createClientBodySchema,
    response: createClientResponseSchema,
    status: 200,
  }),
  createClientSession: endpoint({
    id: "createClientSession",
    area: "admin",
    method: "POST",
    path: `${ADMIN}/clients/{clientId}/sessions`,
    auth: "custodian",
    summary: "Issue a new client session token",
    handsOutSecret: true,
    params: clientIdParamsSchema,
    body: emptyBodySchema,
    response: createSessionResponseSchema,
    status: 200,
  }),
  getWebOtp: endpoint({
    id: "getWebOtp",
    area: "admin",
    method: "GET",
    path: "/api/v1/custodians/clients/{clientId}/web-otp",
    auth: "custodian",
    summary: "Issue a one-time password for the web SDK",
    handsOutSecret: true,
    params: clientIdParamsSchema,
    response: webOtpResponseSchema,
    status: 200,
  }),
  retrieveClient: endpoint({
    id: "retrieveClient",
    area: "admin",
    method: "GET",
    path: `${ADMIN}/clients/{clientId}`,
    auth: "custodian",
    summary: "Read one client with its wallets",
    params: clientIdParamsSchema,
    response: clientSchema,
    status: 200,
  }),
  listClients: endpoint({
    id: "listClients",
    area: "admin",
    method: "GET",
    path: `${ADMIN}/clients`,
    auth: "custodian",
    summary: "List the custodian's clients, cursor-paginated",
    query: listClientsQuerySchema,
    response: listClientsResponseSchema,
    status: 200,
  }),
  listClientAssets: endpoint({
    id: "listClientAssets",
    area: "admin",
    method: "GET",
    path: `${ADMIN}/clients/{clientId}/chains/{chain}/assets`,
    auth: "custodian",
    summary: "Native and token balances of a client on a chain",
    params: assetsParamsSchema,
    response: assetsResponseSchema,
    status: 200,
  }),
  buildTransaction: endpoint({
    id: "buildTransaction",
    area: "admin",
    method: "POST",
    path: `${ADMIN}/clients/{clientId}/chains/{chain}/assets/send/build-transaction`,
    auth: "custodian",
    summary: "Build an unsigned transfer; the shape depends on the chain family",
    params: buildTransactionParamsSchema,
    body: buildTransactionBodySchema,
    response: buildTransactionResponseSchema,
    status: 200,
  }),
  enableEject: endpoint({
    id: "enableEject",
    area: "admin",
    method: "PATCH",
    path: `${ADMIN}/clients/{clientId}/enable-eject`,
    auth: "custodian",
    summary: "Make a wallet ejectable until a time (managed backups only)",
    params: clientIdParamsSchema,
    body: enableEjectBodySchema,
    response: enableEjectResponseSchema,
    status: 200,
  }),
  getEjectableBackupShares: endpoint({
    id: "getEjectableBackupShares",
    area: "admin",
    method: "GET",
    path: `${ADMIN}/clients/{clientId}/wallets/{walletId}/ejectable-backup-shares`,
    // The docs' header table says client API key, their example a custodian key; this is a custodian route.
    auth: "custodian",
    summary: "Read a wallet's backup shares for ejection (managed backups only)",
    handsOutSecret: true,
    params: walletParamsSchema,
    response: ejectableBackupSharesResponseSchema,
    status: 200,
  }),
  listAlertWebhooks: endpoint({
    id: "listAlertWebhooks",
    area: "admin",
    method: "GET",
    path: `${ADMIN}/alerts/webhooks`,
    auth: "custodian",
    summary: "List the custodian's alert webhooks",
    response: listAlertWebhooksResponseSchema,
    status: 200,
  }),
  listAlertWebhookEvents: endpoint({
    id: "listAlertWebhookEvents",
    area: "admin",
    method: "GET",
    path: `${ADMIN}/alerts/webhooks/{alertWebhookId}/events`,
    auth: "custodian",
    summary: "List events sent to a webhook, including failed deliveries",
    params: alertWebhookParamsSchema,
    query: listAlertEventsQuerySchema,
    response: listAlertEventsResponseSchema,
    status: 200,
  }),
  replayFailedAlertWebhookEvents: endpoint({
    id: "replayFailedAlertWebhookEvents",
    area: "admin",
    method: "POST",
    path: `${ADMIN}/alerts/webhooks/{alertWebhookId}/events/failed/replay`,
    auth: "custodian",
    summary: "Re-deliver failed events",
    params: alertWebhookParamsSchema,
    body: replayFailedEventsBodySchema,
    response: replayFailedEventsResponseSchema,
    status: 200,
  }),
  getGasSponsorUsage: endpoint({
    id: "getGasSponsorUsage",
    area: "admin",
    method: "GET",
    path: `${ADMIN}/gas-sponsors/chains/{chainId}/usage`,
    auth: "custodian",
    summary: "Historical gas-sponsorship usage on a chain",
    params: gasUsageParamsSchema,
    response: gasUsageResponseSchema,
    status: 200,
  }),

  // Deprecated custodian endpoints
  formatWalletAlert: endpoint({
    id: "formatWalletAlert",
    area: "admin",
    method: "POST",
    path: `${ADMIN}/alerts/wallets/format`,
    auth: "custodian",
    deprecated: true,
    summary: "Format a raw wallet webhook event",
    body: formatAlertBodySchema,
    response: formatWalletAlertResponseSchema,
    status: 200,
  }),
  formatAlerts: endpoint({
    id: "formatAlerts",
    area: "admin",
    method: "POST",
    path: `${ADMIN}/alerts/format`,
    auth: "custodian",
    deprecated: true,
    summary: "Format a raw webhook event holding one or many transactions",
    body: formatAlertBodySchema,
    response: formatAlertsResponseSchema,
    status: 200,
  }),
  retryAlertsByBlockNumber: endpoint({
    id: "retryAlertsByBlockNumber",
    area: "admin",
    method: "POST",
    path: `${ADMIN}/alerts/retry-by-block-number`,
    auth: "custodian",
    deprecated: true,
    summary: "Resend the wallet events of an EVM block",
    body: retryByBlockNumberBodySchema,
    response: noContentSchema,
    status: 204,
  }),

  // MPC signing service
  mpcGenerate: endpoint({
    id: "mpcGenerate",
    area: "mpc",
    method: "POST",
    path: "/v1/generate",
    auth: "client",
    summary: "Create the wallet's shares for both curves",
    handsOutSecret: true,
    body: generateBodySchema,
    response: generateResponseSchema,
    status: 200,
  }),
  mpcAssetsSend: endpoint({
    id: "mpcAssetsSend",
    area: "mpc",
    method: "POST",
    path: "/v1/assets/send",
    auth: "client",
    summary: "Build, sign and broadcast a transfer",
    body: assetsSendBodySchema,
    response: assetsSendResponseSchema,
    status: 200,
  }),
  mpcSign: endpoint({
    id: "mpcSign",
    area: "mpc",
    method: "POST",
    path: "/v1/sign",
    auth: "client",
    summary: "Sign (and for submitting methods send) a transaction or message by chain",
    body: signBodySchema,
    response: signResponseSchema,
    status: 200,
  }),
  mpcRawSign: endpoint({
    id: "mpcRawSign",
    area: "mpc",
    method: "POST",
    path: "/v1/raw/sign/{curve}",
    auth: "client",
    summary: "Sign a digest by curve",
    params: rawSignParamsSchema,
    body: rawSignBodySchema,
    response: rawSignResponseSchema,
    status: 200,
  }),
  mpcBackup: endpoint({
    id: "mpcBackup",
    area: "mpc",
    method: "POST",
    path: "/v1/backup",
    auth: "client",
    summary: "Create backup shares from the generate response",
    handsOutSecret: true,
    body: backupBodySchema,
    response: backupResponseSchema,
    status: 200,
  }),
  mpcRecover: endpoint({
    id: "mpcRecover",
    area: "mpc",
    method: "POST",
    path: "/v1/recover",
    auth: "client",
    summary: "Recover signing shares from the backup response",
    handsOutSecret: true,
    body: recoverBodySchema,
    response: recoverResponseSchema,
    status: 200,
  }),

  // Yield operations
  listYields: endpoint({
    id: "listYields",
    area: "yield",
    method: "GET",
    path: `${YIELD}/yields`,
    auth: "client",
    summary: "Discover yield opportunities",
    query: listYieldsQuerySchema,
    response: listYieldsResponseSchema,
    status: 200,
  }),
  enterYield: endpoint({
    id: "enterYield",
    area: "yield",
    method: "POST",
    path: `${YIELD}/actions/enter`,
    auth: "client",
    summary: "Enter a yield position; returns the transactions to sign",
    body: enterYieldBodySchema,
    response: yieldActionResponseSchema,
    status: 200,
  }),
  exitYield: endpoint({
    id: "exitYield",
    area: "yield",
    method: "POST",
    path: `${YIELD}/actions/exit`,
    auth: "client",
    summary: "Exit a yield position",
    body: exitYieldBodySchema,
    response: yieldActionResponseSchema,
    status: 200,
  }),
  manageYield: endpoint({
    id: "manageYield",
    area: "yield",
    method: "POST",
    path: `${YIELD}/actions/manage`,
    auth: "client",
    summary: "Run a pending action (withdraw, claim rewards…) on a position",
    body: manageYieldBodySchema,
    response: yieldActionResponseSchema,
    status: 200,
  }),
  getYieldBalances: endpoint({
    id: "getYieldBalances",
    area: "yield",
    method: "POST",
    path: `${YIELD}/yields/balances`,
    auth: "client",
    idempotent: true,
    summary: "Yield balances with their pending actions",
    body: yieldBalancesBodySchema,
    response: yieldBalancesResponseSchema,
    status: 200,
  }),
  listYieldActions: endpoint({
    id: "listYieldActions",
    area: "yield",
    method: "GET",
    path: `${YIELD}/actions`,
    auth: "client",
    summary: "History of yield actions for an address",
    query: listYieldActionsQuerySchema,
    response: listYieldActionsResponseSchema,
    status: 200,
  }),
  submitYieldTransactionHash: endpoint({
    id: "submitYieldTransactionHash",
    area: "yield",
    method: "PUT",
    path: `${YIELD}/transactions/{transactionId}/submit-hash`,
    auth: "client",
    summary: "Report the on-chain hash of a signed yield transaction",
    params: yieldTransactionParamsSchema,
    body: submitHashBodySchema,
    response: submitHashResponseSchema,
    status: 200,
  }),
} as const;

export const endpointList: readonly Endpoint[] = Object.values(endpoints);

/** Which service serves an endpoint: {base_url} or {mpc_url}. */
export function endpointHost(e: Pick<Endpoint, "area">): "base" | "mpc" {
  return e.area === "mpc" ? "mpc" : "base";
}

/** Names of the {placeholders} of a path template, in order. */
export function pathPlaceholders(template: string): string[] {
  return [...template.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)].map((m) => m[1] as string);
}

/** The path template with the yield provider segment replaced by the configured one. */
export function withYieldProvider(template: string, segment: string): string {
  return template.replace("/integrations/yield-provider/", `/integrations/${encodeURIComponent(segment)}/`);
}

export type ResponseOf<E extends Endpoint> = z.output<E["response"]>;
