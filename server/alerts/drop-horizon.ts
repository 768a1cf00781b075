import "server-only";
import { dropHorizon, horizonWindowMs, type DropHorizon } from "@/lib/alerts/drop-horizon";
import { applyTestMode, SUMMARY_TEST_MODE, type TestMode } from "@/lib/alerts/test-activity";
import { getUpstreamConfig } from "@/server/env";
import { sinceMinute } from "./range";
import { markTestActivity } from "./test-activity/classify";
import { walkEvents } from "./webhook-reads";

/** Pages of 1000 read at most: the failures of the schedule's 46 hours rarely need more than one. */
const MAX_PAGES = 10;

/**
 * A webhook's drop horizon: its failed events created within the schedule's span (a cursor walk of
 * `deliveryStatuses=failed&since=…`, newest first), placed on the retry schedule. `keepMs`: how long the
 * upstream's pages are kept in the one cache every console process shares (the counts of the webhooks list).
 */
export async function readDropHorizon(
  webhookId: string,
  now = Date.now(),
  keepMs?: number,
  test: TestMode = SUMMARY_TEST_MODE,
): Promise<DropHorizon> {
  const scale = getUpstreamConfig().retryScale;
  // A whole minute, so the pages, the webhooks list and the overview within a minute share one read.
  const sinceSeconds = sinceMinute(now - horizonWindowMs(scale));
  const walk = await walkEvents(
    webhookId,
    { eventTypes: "EIP_155_TX_V1", deliveryStatuses: "failed", since: String(sinceSeconds) },
    { maxPages: MAX_PAGES, keepMs },
  );
  // Test activity (the test clients' failures) left out, kept alone or kept as the switch says, and said.
  const { kept, note } = applyTestMode(walk.events, await markTestActivity(walk.events), test);
  return {
    ...dropHorizon(kept, {
      now,
      scale,
      since: new Date(sinceSeconds * 1000).toISOString(),
      complete: walk.complete,
    }),
    testActivity: note,
  };
}
