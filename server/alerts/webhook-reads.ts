import "server-only";
import type { AlertWebhook, ListAlertEventsQuery, ListAlertEventsResponse } from "@/lib/contracts";
import { notFound } from "@/server/errors";
import { isUpstreamErrorOf } from "@/server/upstream/errors";
import { sharedAdminReads } from "@/server/upstream/shared-admin-reads";

/**
 * The alerts area's reads of one webhook and its events, through the shared reads, with the upstream's
 * not-found as a page's not-found. A leaf: the webhooks list, the drop horizon, the watchdog, a
 * transaction's alerts and the events page all read through it, and it imports none of them.
 */
export async function getWebhook(webhookId: string): Promise<AlertWebhook> {
  const { data } = await sharedAdminReads.listWebhooks();
  const webhook = data.find((w) => w.id === webhookId);
  if (!webhook) throw notFound(`Alert webhook ${webhookId}`);
  return webhook;
}

/**
 * One page of a webhook's events for the upstream query (its cursor: the previous page's); `keepMs`: kept
 * that long in the shared cache instead of its TTL.
 */
export async function eventsPage(
  webhookId: string,
  query: ListAlertEventsQuery,
  keepMs?: number,
): Promise<ListAlertEventsResponse> {
  try {
    return await sharedAdminReads.webhookEvents(webhookId, query, keepMs);
  } catch (error) {
    if (isUpstreamErrorOf(error, "NotFoundError")) throw notFound(`Alert webhook ${webhookId}`);
    throw error;
  }
}
