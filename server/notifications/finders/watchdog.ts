import "server-only";
import { countWatchdogFindings } from "@/server/alerts/watchdog";
import { perWebhook, webhookPage } from "./per-webhook";
import type { Finder } from "./types";

/** Webhooks whose confirmations are missing or disputed by the chain (the chain watchdog's counts), at least `atLeast`. */
export const watchdogFinder: Finder = (atLeast = 1) =>
  perWebhook(async (webhookId) => {
    const { missing, disputed } = await countWatchdogFindings(webhookId);
    const count = missing + disputed;
    if (count < atLeast) return null;
    return {
      subject: webhookId,
      count,
      what: `Webhook ${webhookId}: ${missing} ${missing === 1 ? "transaction" : "transactions"} without their confirmed alert, ${disputed} disputed by the chain`,
      path: webhookPage(webhookId, "watchdog"),
    };
  });
