import "server-only";
import { filtersRecord, type ValidFilters } from "@/lib/alerts/filters";
import {
  needsReplayConfirmation,
  replayConfirmationText,
  REPLAY_SAMPLE_SIZE,
  type ReplayDryRun,
} from "@/lib/alerts/replay";
import { applyTestMode } from "@/lib/alerts/test-activity";
import { getAdminClient } from "@/server/upstream";
import { pinnedUntil } from "../range";
import { markTestActivity } from "../test-activity/classify";
import { failedEventsQuery } from "./query";

/**
 * What "replay all failed" would do, in one upstream request: how many failed events match (the
 * upstream's total) and the newest of them, with the range pinned now. It is a person waiting, so
 * the request is interactive.
 */
export async function replayDryRun(
  webhookId: string,
  filters: ValidFilters,
  options: { now?: Date; until?: Date } = {},
): Promise<ReplayDryRun> {
  const pinned = pinnedUntil(filters, options.now ?? new Date());
  const until = new Date(Math.min(pinned.getTime(), options.until?.getTime() ?? Infinity)).toISOString();
  const query = failedEventsQuery(filtersRecord(filters), until);
  if (!query) return { count: 0, sample: [], until, confirmation: null };
  const page = await getAdminClient().alerts.webhooks.events(webhookId, {
    ...query,
    limit: String(REPLAY_SAMPLE_SIZE),
  });
  const count = page.metadata.total;
  const dry = { count, until, confirmation: needsReplayConfirmation(count) ? replayConfirmationText(count) : null };
  if (filters.test === "include") return { ...dry, sample: page.data };
  const marking = await markTestActivity(page.data);
  const { kept, note } = applyTestMode(page.data, marking, filters.test);
  return {
    ...dry,
    sample: kept,
    testActivity: { mode: filters.test, sampleLeftOut: note.leftOut, sampleUnclassified: note.unclassified },
  };
}
