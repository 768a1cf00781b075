import "server-only";
import type { WebhookSummary } from "@/lib/alerts/views";
import type { AlertWebhook } from "@/lib/contracts";
import { KEEP_MS, keptFor } from "@/server/kit/kept";
import { sharedAdminReads } from "@/server/upstream/shared-admin-reads";
import { readDropHorizon } from "./drop-horizon";
import { sinceMinute } from "./range";
import { testActivityIn } from "./test-activity/count";
import { countWatchdogFindings } from "./watchdog";

const DAY_SECONDS = 24 * 3600;

/**
 * A webhook's counts are derived in this process and kept KEEP_MS.summary, and the upstream's answers
 * they come from in the one cache every console process shares (so two workers read them once a
 * minute, not twice); a count that failed is asked again after KEEP_MS.failed.
 */
const keep = { keepMs: KEEP_MS.summary, failedMs: KEEP_MS.failed };
const keptFailed = keptFor<{ count: number; leftOut: number; unclassified: number; since: string }>(keep);
const keptHorizon = keptFor<Awaited<ReturnType<typeof readDropHorizon>>>(keep);

/**
 * The custodian's alert webhooks, each with the failed deliveries of the last 24 hours (a one-row
 * query whose `total` is the count: the API has no count endpoint) and how many of its failures the
 * upstream drops within the hour and the day (the drop horizon, usually one page of failures). A
 * count that could not be read is null, not zero, so a failure never passes for "all fine". The
 * counts are kept a minute (a failed one 15 s): shown on every view of the webhooks page and the
 * overview, read afresh each time they would spend most of the custodian's upstream budget. Test activity
 * (events of the console's test clients) is left out of every figure, and how much is said beside it.
 */
export async function listWebhookSummaries(now = new Date()): Promise<WebhookSummary[]> {
  const { data } = await sharedAdminReads.listWebhooks();
  // A whole minute, so the events page's "From" (minute precision) names exactly this window.
  const sinceSeconds = sinceMinute(now.getTime()) - DAY_SECONDS;
  const since = String(sinceSeconds);
  const failedSince = new Date(sinceSeconds * 1000).toISOString();
  return Promise.all(
    data.map(async (webhook: AlertWebhook) => {
      const [failed, horizon, watchdog] = await Promise.all([
        keptFailed
          .get(webhook.id, async () => {
            const query = { eventTypes: "EIP_155_TX_V1", deliveryStatuses: "failed", since } as const;
            // Test activity left out of the figure (and said): the test clients' failures are not an alarm.
            const [page, test] = await Promise.all([
              sharedAdminReads.webhookEvents(webhook.id, { ...query, limit: "1" }, KEEP_MS.summary),
              testActivityIn(webhook.id, query, KEEP_MS.summary),
            ]);
            return {
              count: Math.max(0, page.metadata.total - test.test.length),
              leftOut: test.test.length,
              unclassified: test.unclassified,
              since: failedSince,
            };
          })
          .catch(() => null),
        keptHorizon
          .get(webhook.id, () => readDropHorizon(webhook.id, now.getTime(), KEEP_MS.summary))
          .catch(() => null),
        countWatchdogFindings(webhook.id).catch(() => null),
      ]);
      return {
        ...webhook,
        failedLast24h: failed?.count ?? null,
        failedTestLeftOut: failed?.leftOut ?? null,
        testUnclassified:
          (failed?.unclassified ?? 0) +
          (horizon?.testActivity?.unclassified ?? 0) +
          (watchdog?.testActivity.unclassified ?? 0),
        // The window the count was read for (a kept count's, up to a minute older than this one's).
        failedSince: failed?.since ?? failedSince,
        dropsWithinDay: horizon?.dropsWithinDay ?? null,
        dropsWithinHour: horizon?.dropsWithinHour ?? null,
        dropsTestLeftOut: horizon?.testActivity?.leftOut ?? null,
        watchdogFindings: watchdog?.missing ?? null,
        watchdogDisputed: watchdog?.disputed ?? null,
        watchdogTestLeftOut: watchdog?.testActivity.leftOut ?? null,
      };
    }),
  );
}
