import "server-only";
import { readDropHorizon } from "@/server/alerts/drop-horizon";
import { perWebhook, webhookPage } from "./per-webhook";
import type { Finder } from "./types";

const HOUR_MS = 3_600_000;

/** Webhooks with failed events the upstream drops within `hours` unless a retry succeeds (the drop horizon). */
export const dropHorizonFinder: Finder = (hours = 6, now) =>
  perWebhook(async (webhookId) => {
    const horizon = await readDropHorizon(webhookId, now);
    const count = horizon.events.filter((e) => Date.parse(e.dropsAt) <= now + hours * HOUR_MS).length;
    if (count === 0) return null;
    return {
      subject: webhookId,
      count,
      what: `Webhook ${webhookId}: ${count} failed ${count === 1 ? "event is" : "events are"} dropped within ${hours} ${hours === 1 ? "hour" : "hours"} unless a retry succeeds`,
      path: webhookPage(webhookId, "horizon"),
    };
  });
