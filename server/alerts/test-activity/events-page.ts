import "server-only";
import { upstreamEventQuery, type ValidFilters } from "@/lib/alerts/filters";
import { applyTestMode } from "@/lib/alerts/test-activity";
import type { EventsPage } from "@/lib/alerts/views";
import { eventsPage } from "../webhook-reads";
import { markTestActivity } from "./classify";
import { testClientAddresses } from "./test-addresses";

/**
 * One page of a webhook's events for the page's filters, test activity marked, and left out or kept alone
 * as the `test` switch says. The cursor and the total are the upstream's (the switch narrows the rows of
 * each page; the page says how many it left out). Under "only" the upstream is asked from the first test
 * client's registration on (no earlier event can be theirs), so the walk does not cross the whole history;
 * with no test client at all nothing is read.
 */
export async function markedEventsPage(
  webhookId: string,
  filters: ValidFilters,
  cursor?: string | null,
): Promise<EventsPage> {
  const query = upstreamEventQuery(filters);
  let since: string | null = null;
  if (filters.test === "only") {
    const clients = await testClientAddresses();
    if (clients.since === null)
      return {
        data: [],
        metadata: { alertWebhook: { id: webhookId, url: "" }, cursor: null, limit: filters.limit, total: 0 },
        testActivity: { mode: "only", leftOut: 0, unclassified: 0, marked: [], unclassifiedIds: [], since: null },
      };
    const sinceSeconds = Math.floor(clients.since / 1000);
    if (!query.since || Number(query.since) < sinceSeconds) {
      query.since = String(sinceSeconds);
      since = new Date(sinceSeconds * 1000).toISOString();
    }
  }
  const page = await eventsPage(webhookId, { ...query, ...(cursor ? { cursor } : {}) });
  const marking = await markTestActivity(page.data);
  const { kept, note } = applyTestMode(page.data, marking, filters.test);
  return {
    ...page,
    data: kept,
    testActivity: {
      ...note,
      marked: kept.filter((e) => marking.test.has(e.id)).map((e) => e.id),
      unclassifiedIds: kept.filter((e) => marking.unclassified.has(e.id)).map((e) => e.id),
      since,
    },
  };
}
