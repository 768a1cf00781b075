/**
 * The yield routes under {base_url}/api/v3/clients/me/integrations/{YIELD_PROVIDER_SEGMENT}, behind a
 * client API key or session token. Every answer is the provider's body wrapped as
 * `{ data: { rawResponse }, metadata: { clientId, transactionId? } }`; failures are `{ error }` with
 * 400 (a rule of the spec or of the contracts), 401 (credentials) or 404 (a transaction id that is
 * not the caller's).
 */
import { Hono } from "hono";
import {
  enterYieldBodySchema,
  exitYieldBodySchema,
  listYieldActionsQuerySchema,
  listYieldsQuerySchema,
  manageYieldBodySchema,
  submitHashBodySchema,
  yieldBalancesBodySchema,
  yieldTransactionParamsSchema,
} from "@/lib/contracts";
import { requireClientBearer } from "../http/auth";
import { notFound, readJsonObject } from "../http/errors";
import type { SandboxHttpEnv } from "../http/types";
import { parseInput, queryObject } from "../http/validate";
import type { ClientDirectory } from "../types";
import { documentationRoutes } from "./documentation";
import { actionJson, transactionJson } from "./json";
import type { YieldService } from "./service";

export const yieldBasePath = (segment: string) => `/api/v3/clients/me/integrations/${encodeURIComponent(segment)}`;

export function yieldRoutes(options: {
  service: YieldService;
  clients: Pick<ClientDirectory, "resolveClientBearer">;
  segment: string;
}) {
  const { service } = options;
  const base = yieldBasePath(options.segment);
  const app = new Hono<SandboxHttpEnv>();
  app.route("/", documentationRoutes());
  app.use(`${base}/*`, requireClientBearer(options.clients));
  const origin = (url: string) => new URL(url).origin;
  const envelope = (rawResponse: unknown, clientId: string, extra: Record<string, string> = {}) => ({
    data: { rawResponse },
    metadata: { clientId, ...extra },
  });

  app.get(`${base}/yields`, (c) => {
    const query = parseInput(listYieldsQuerySchema, queryObject(c.req.url));
    return c.json(envelope(service.listYields(query, origin(c.req.url)), c.get("client").id));
  });

  app.post(`${base}/yields/balances`, async (c) => {
    const body = parseInput(yieldBalancesBodySchema, await readJsonObject(c));
    const client = c.get("client");
    return c.json(envelope(await service.balances(client, body, origin(c.req.url)), client.id));
  });

  app.post(`${base}/actions/enter`, async (c) => {
    const body = parseInput(enterYieldBodySchema, await readJsonObject(c));
    const client = c.get("client");
    return c.json(envelope(actionJson(await service.enter(client, body)), client.id));
  });

  app.post(`${base}/actions/exit`, async (c) => {
    const body = parseInput(exitYieldBodySchema, await readJsonObject(c));
    const client = c.get("client");
    return c.json(envelope(actionJson(await service.exit(client, body)), client.id));
  });

  app.post(`${base}/actions/manage`, async (c) => {
    const body = parseInput(manageYieldBodySchema, await readJsonObject(c));
    const client = c.get("client");
    return c.json(envelope(actionJson(await service.manage(client, body)), client.id));
  });

  app.get(`${base}/actions`, async (c) => {
    const query = parseInput(listYieldActionsQuerySchema, queryObject(c.req.url));
    const client = c.get("client");
    const page = await service.history(client, query);
    return c.json(envelope({ ...page, items: page.items.map(actionJson) }, client.id));
  });

  app.get(`${base}/transactions/:transactionId`, async (c) => {
    const { transactionId } = parseInput(yieldTransactionParamsSchema, { transactionId: c.req.param("transactionId") });
    const client = c.get("client");
    const found = service.store.transaction(transactionId);
    if (!found || found.action.clientId !== client.id) throw notFound(`Transaction ${transactionId} not found`);
    await service.refresh(found.action);
    return c.json(envelope(transactionJson(found.action, found.tx), client.id, { transactionId }));
  });

  app.put(`${base}/transactions/:transactionId/submit-hash`, async (c) => {
    const { transactionId } = parseInput(yieldTransactionParamsSchema, { transactionId: c.req.param("transactionId") });
    const body = parseInput(submitHashBodySchema, await readJsonObject(c));
    const client = c.get("client");
    const { action, tx } = await service.submitHash(client, transactionId, body.hash);
    return c.json(envelope(transactionJson(action, tx), client.id, { transactionId }));
  });

  return app;
}
