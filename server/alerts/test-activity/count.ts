import "server-only";
import type { AlertEvent, ListAlertEventsQuery } from "@/lib/contracts";
import { sinceMinute } from "../range";
import { walkEvents } from "../webhook-reads";
import { markTestActivity } from "./classify";
import { testClientAddresses } from "./test-addresses";

/** Pages of 1000 read at most for one count (the rest is said to be unclassified). */
const MAX_PAGES = 5;

interface TestActivityIn {
  /** The events of the set that are test activity. */
  test: AlertEvent[];
  /** Events of the set not classified (over the caps, or the chain did not answer). */
  unclassified: number;
}

/**
 * The test activity inside a set the upstream counts (a query whose `total` is a figure): only the part of
 * the set since the first test client was registered is read (no earlier event can be theirs), a cursor
 * walk of at most MAX_PAGES pages, and its transactions classified (./classify.ts, with its cap). With no
 * test client, nothing is read. `keepMs`: the pages are kept that long in the shared cache.
 */
export async function testActivityIn(
  webhookId: string,
  query: Omit<ListAlertEventsQuery, "cursor" | "limit">,
  keepMs?: number,
): Promise<TestActivityIn> {
  const clients = await testClientAddresses();
  if (clients.since === null) return { test: [], unclassified: 0 };
  const floor = sinceMinute(clients.since);
  const since = Math.max(Number(query.since ?? 0), floor);
  if (query.until !== undefined && Number(query.until) <= since) return { test: [], unclassified: 0 };
  const { events, total, complete } = await walkEvents(
    webhookId,
    { ...query, since: String(since) },
    { maxPages: MAX_PAGES, ...(keepMs === undefined ? {} : { keepMs }) },
  );
  const marking = await markTestActivity(events);
  return {
    test: events.filter((e) => marking.test.has(e.id)),
    unclassified: marking.unclassified.size + (complete ? 0 : Math.max(0, total - events.length)),
  };
}
