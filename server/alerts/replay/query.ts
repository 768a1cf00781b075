import "server-only";
import { selectionQuery, type FiltersRecord } from "@/lib/alerts/filters";
import type { ListAlertEventsQuery } from "@/lib/contracts/alerts";
import { exactBounds, rangeOf } from "../range";

/**
 * The failed events a replay-all covers: the page's filters (their other statuses set aside: only
 * failed events can be replayed) up to the pinned `until`, as the spec's own filter reads since and
 * until. The dry run counts this query and the job pages through the same one, so what the user
 * confirmed is what is sent. Null when the filters leave out failed events altogether.
 */
export function failedEventsQuery(
  filters: FiltersRecord,
  until: string,
): Omit<ListAlertEventsQuery, "cursor" | "limit"> | null {
  if (filters.statuses.length > 0 && !filters.statuses.includes("failed")) return null;
  return { ...selectionQuery(filters), ...exactBounds(rangeOf(filters, until)), deliveryStatuses: "failed" };
}
