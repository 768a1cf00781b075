/**
 * Clients: create, session tokens, web OTPs, read one, list (api-shapes §1.1–1.5).
 */
import { Hono } from "hono";
import {
  createClientBodySchema,
  listClientsQuerySchema,
  type CreateClientResponse,
  type CreateSessionResponse,
  type ListClientsResponse,
  type WebOtpResponse,
} from "@/lib/contracts";
import { badRequest, notFound, readJsonObject } from "../http/errors";
import type { SandboxHttpEnv } from "../http/types";
import { parseInput, queryObject } from "../http/validate";
import { UnknownCursorError, type ClientStore } from "../state/client-store";
import type { ClientRecord } from "../types";
import { clientView, type CustodianProfile } from "./profile";

export interface ClientRoutesDeps {
  store: ClientStore;
  profile: CustodianProfile;
}

/** The client of a path, or a 404 `{error}` (the spec shows no body for an unknown id). */
export function requireClient(store: ClientStore, clientId: string): ClientRecord {
  const client = store.get(clientId);
  if (!client) throw notFound(`Client ${clientId} not found`);
  return client;
}

export function clientRoutes({ store, profile }: ClientRoutesDeps) {
  const app = new Hono<SandboxHttpEnv>();

  app.post("/api/v3/custodians/me/clients", async (c) => {
    const body = parseInput(createClientBodySchema, await readJsonObject(c));
    const { client, clientApiKey, clientSessionToken } = store.create({
      isAccountAbstracted: body.isAccountAbstracted ?? false,
    });
    return c.json({
      id: client.id,
      clientApiKey,
      clientSessionToken,
      isAccountAbstracted: client.isAccountAbstracted,
    } satisfies CreateClientResponse);
  });

  app.post("/api/v3/custodians/me/clients/:clientId/sessions", async (c) => {
    const client = requireClient(store, c.req.param("clientId"));
    await readJsonObject(c);
    const clientSessionToken = store.newSession(client.id);
    return c.json({
      id: client.id,
      clientSessionToken,
      isAccountAbstracted: client.isAccountAbstracted,
    } satisfies CreateSessionResponse);
  });

  // The v3 docs say POST and the v1 docs GET; both are served.
  const webOtp = "/api/v1/custodians/clients/:clientId/web-otp";
  const issueOtp = (clientId: string): WebOtpResponse => {
    const client = requireClient(store, clientId);
    return { id: client.id, otp: store.newWebOtp(client.id) };
  };
  app.get(webOtp, (c) => c.json(issueOtp(c.req.param("clientId"))));
  app.post(webOtp, (c) => c.json(issueOtp(c.req.param("clientId"))));

  app.get("/api/v3/custodians/me/clients/:clientId", (c) =>
    c.json(clientView(requireClient(store, c.req.param("clientId")), profile)),
  );

  app.get("/api/v3/custodians/me/clients", (c) => {
    const query = parseInput(listClientsQuerySchema, queryObject(c.req.url));
    let page;
    try {
      page = store.page(query.cursor, query.take);
    } catch (err) {
      if (err instanceof UnknownCursorError) throw badRequest(`cursor: no client has id ${query.cursor}`);
      throw err;
    }
    return c.json({
      results: page.clients.map((client) => clientView(client, profile)),
      metadata: { cursor: page.cursor, take: query.take, total: page.total },
    } satisfies ListClientsResponse);
  });

  return app;
}
