import "server-only";
import { readDropHorizon } from "@/server/alerts/drop-horizon";
import { KEEP_MS } from "@/server/kit/kept";
import { perWebhook, webhookPage } from "./per-webhook";
import type { Finder } from "./types";

const HOUR_MS = 3_600_000;

/** Webhooks with failed events the upstream drops within `hours` unless a retry succeeds (the drop horizon). */
export const dropHorizonFinder: Finder = (hours = 6, now) =>
  perWebhook(async (webhookId) => {
    // The upstream's pages shared with the webhooks list's counts (kept a minute in the shared cache).
    const horizon = await readDropHorizon(webhookId, now, KEEP_MS.summary);
    const count = horizon.events.filter((e) => Date.parse(e.dropsAt) <= now + hours * HOUR_MS).length;
    if (count === 0) return null;
    return {
      subject: webhookId,
      count,
      what: `Webhook ${webhookId}: ${count} failed ${count === 1 ? "event is" : "events are"} dropped within ${hours} ${hours === 1 ? "hour" : "hours"} unless a retry succeeds`,
      path: webhookPage(webhookId, "horizon"),
    };
  });
