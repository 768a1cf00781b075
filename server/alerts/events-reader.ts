import "server-only";
import { selectionQuery, type FiltersRecord } from "@/lib/alerts/filters";
import type { ListAlertEventsResponse } from "@/lib/contracts/alerts";
import { JobError } from "@/server/jobs";
import type { AdminClient } from "@/server/upstream";
import { isUpstreamErrorOf } from "@/server/upstream/errors";
import { exactBounds, widenedBounds, type MsRange } from "./range";

/**
 * A webhook's filtered events as long jobs read them: always at background priority (people
 * clicking through the console go first), with the job's signal, and with the upstream's refusals
 * turned into messages for the person who started the job.
 */
export interface EventsReader {
  /** A page of the range widened by a second each side (the caller keeps the rows inside it). */
  page(range: MsRange, cursor: string | null, limit: number): Promise<ListAlertEventsResponse>;
  /** The upstream's total for the widened range (an upper bound of the rows inside it). */
  countWidened(range: MsRange): Promise<number>;
  /** The upstream's total for the range as the spec's filter reads it (for progress and dry runs). */
  countExact(range: MsRange): Promise<{ total: number; newest: ListAlertEventsResponse["data"] }>;
}

export function eventsReader(
  admin: AdminClient,
  webhookId: string,
  filters: FiltersRecord,
  signal: AbortSignal,
  overrides: { deliveryStatuses?: string } = {},
): EventsReader {
  const base = { ...selectionQuery(filters), ...overrides };
  const list = async (bounds: { since?: string; until: string }, limit: number, cursor: string | null) => {
    try {
      return await admin.alerts.webhooks.events(
        webhookId,
        { ...base, ...bounds, limit: String(limit), ...(cursor ? { cursor } : {}) },
        { signal, priority: "background" },
      );
    } catch (error) {
      throw explain(error);
    }
  };
  return {
    page: (range, cursor, limit) => list(widenedBounds(range), limit, cursor),
    countWidened: async (range) => (await list(widenedBounds(range), 1, null)).metadata.total,
    countExact: async (range) => {
      const page = await list(exactBounds(range), 1, null);
      return { total: page.metadata.total, newest: page.data };
    },
  };
}

/** Refusals that another attempt cannot fix become a JobError with words; the rest are retried. */
function explain(error: unknown): unknown {
  if (isUpstreamErrorOf(error, "NotFoundError"))
    return new JobError("The upstream no longer knows this webhook.", { cause: error });
  if (isUpstreamErrorOf(error, "UnauthorizedError"))
    return new JobError("The upstream refused the console's key.", { cause: error });
  // A page-size refusal is handled by the caller (it retries with a smaller page); keep it as it is.
  return error;
}
