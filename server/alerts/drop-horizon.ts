import "server-only";
import { dropHorizon, horizonWindowMs, type DropHorizon } from "@/lib/alerts/drop-horizon";
import { applyTestMode, SUMMARY_TEST_MODE, type TestMode } from "@/lib/alerts/test-activity";
import type { AlertEvent } from "@/lib/contracts";
import { getUpstreamConfig } from "@/server/env";
import { markTestActivity } from "./test-activity/classify";
import { eventsPage } from "./webhook-reads";

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
  const sinceSeconds = Math.floor((now - horizonWindowMs(scale)) / 60_000) * 60;
  const failed: AlertEvent[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await eventsPage(
      webhookId,
      {
        eventTypes: "EIP_155_TX_V1",
        deliveryStatuses: "failed",
        since: String(sinceSeconds),
        limit: "1000",
        ...(cursor ? { cursor } : {}),
      },
      keepMs,
    );
    failed.push(...page.data);
    cursor = page.metadata.cursor;
    pages++;
  } while (cursor && pages < MAX_PAGES);
  // Test activity (the test clients' failures) left out, kept alone or kept as the switch says, and said.
  const { kept, note } = applyTestMode(failed, await markTestActivity(failed), test);
  return {
    ...dropHorizon(kept, {
      now,
      scale,
      since: new Date(sinceSeconds * 1000).toISOString(),
      complete: cursor === null,
    }),
    testActivity: note,
  };
}
