import "server-only";
import type { AlertEvent, AlertWebhook, ListAlertEventsQuery, ListAlertEventsResponse } from "@/lib/contracts";
import { notFound } from "@/server/errors";
import { getAdminClient } from "@/server/upstream";
import { orNotFound } from "@/server/upstream/not-found";
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
export function eventsPage(
  webhookId: string,
  query: ListAlertEventsQuery,
  keepMs?: number,
): Promise<ListAlertEventsResponse> {
  return orNotFound(sharedAdminReads.webhookEvents(webhookId, query, keepMs), `Alert webhook ${webhookId}`);
}

export interface EventsWalk {
  /** Newest first, as the upstream lists them. */
  events: AlertEvent[];
  /** The upstream's total for the query (its first page's). */
  total: number;
  /** Every page was read (false: cut at `maxPages`, the oldest events not read). */
  complete: boolean;
}

/**
 * The one walk over a webhook's events: the query's pages of 1,000, following each page's cursor, at
 * most `maxPages`. Through the shared reads (kept `keepMs`), or straight to the upstream at background
 * priority, where people clicking go first and nothing is shared.
 */
export async function walkEvents(
  webhookId: string,
  query: Omit<ListAlertEventsQuery, "cursor" | "limit">,
  options: { maxPages: number; keepMs?: number; priority?: "background" },
): Promise<EventsWalk> {
  const read = (q: ListAlertEventsQuery) =>
    options.priority === "background"
      ? orNotFound(
          getAdminClient().alerts.webhooks.events(webhookId, q, { priority: "background" }),
          `Alert webhook ${webhookId}`,
        )
      : eventsPage(webhookId, q, options.keepMs);
  const events: AlertEvent[] = [];
  let cursor: string | null = null;
  let total = 0;
  let pages = 0;
  do {
    const page = await read({ ...query, limit: "1000", ...(cursor ? { cursor } : {}) });
    events.push(...page.data);
    if (pages === 0) total = page.metadata.total;
    cursor = page.metadata.cursor;
    pages++;
  } while (cursor && pages < options.maxPages);
  return { events, total, complete: cursor === null };
}
