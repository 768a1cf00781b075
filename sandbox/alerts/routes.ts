/**
 * Alert webhook routes (api-shapes §1.10): list webhooks, list a webhook's events with every filter
 * of the spec, replay failed events.
 */
import { Hono } from "hono";
import {
  listAlertEventsQuerySchema,
  replayFailedEventsBodySchema,
  type ListAlertWebhooksResponse,
} from "@/lib/contracts";
import { notFound, readJsonObject } from "../http/errors";
import type { SandboxHttpEnv } from "../http/types";
import { parseInput, queryObject } from "../http/validate";
import type { AlertService } from "./alert-service";

const BASE = "/api/v3/custodians/me/alerts/webhooks";

export function alertRoutes(alerts: AlertService) {
  const app = new Hono<SandboxHttpEnv>();
  const requireWebhook = (id: string) => {
    const webhook = alerts.webhook(id);
    if (!webhook) throw notFound(`Alert webhook ${id} not found`);
    return webhook;
  };

  app.get(BASE, (c) => c.json(alerts.listWebhooks() satisfies ListAlertWebhooksResponse));

  app.get(`${BASE}/:alertWebhookId/events`, (c) => {
    const webhook = requireWebhook(c.req.param("alertWebhookId"));
    const query = parseInput(listAlertEventsQuerySchema, queryObject(c.req.url));
    return c.json(
      alerts.listEvents(webhook, {
        deliveryStatuses: query.deliveryStatuses,
        since: query.since,
        until: query.until,
        cursor: query.cursor,
        limit: query.limit,
        transactionHash: query.transactionHash,
        blockNumbers: query.blockNumbers,
        chainIds: query.chainIds,
      }),
    );
  });

  app.post(`${BASE}/:alertWebhookId/events/failed/replay`, async (c) => {
    const webhook = requireWebhook(c.req.param("alertWebhookId"));
    const body = parseInput(replayFailedEventsBodySchema, await readJsonObject(c));
    return c.json(alerts.replay(webhook, body.eventIds));
  });

  return app;
}
