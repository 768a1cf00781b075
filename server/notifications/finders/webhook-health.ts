import "server-only";
import { healthTotals, successRate } from "@/lib/alerts/health";
import { readWebhookHealth } from "@/server/alerts/health";
import { perWebhook, webhookPage } from "./per-webhook";
import type { Finder } from "./types";

const HOUR_MS = 3_600_000;

/**
 * Webhooks whose success rate over the last hour is below `percent`: the hourly buckets of the health
 * view's 24-hour range (UTC) that overlap the last hour (the hour before and the current one).
 */
export const webhookHealthFinder: Finder = (percent = 90, now) =>
  perWebhook(async (webhookId) => {
    const health = await readWebhookHealth(webhookId, "24h", "UTC", now);
    const lastHour = health.buckets.filter((b) => Date.parse(b.end) > now - HOUR_MS);
    const totals = healthTotals(lastHour);
    const rate = successRate(totals);
    if (rate === null) {
      // Nothing settled is no alarm; a count that could not be read is not "all fine" either.
      if (totals.success === null || totals.failed === null) throw new Error("a count could not be read");
      return null;
    }
    if (rate * 100 >= percent) return null;
    const failed = totals.failed ?? 0;
    return {
      subject: webhookId,
      count: failed,
      what: `Webhook ${webhookId}: ${Math.floor(rate * 1000) / 10}% of deliveries succeeded over the last hour (below ${percent}%), ${failed} failed`,
      path: webhookPage(webhookId, "health"),
    };
  });
