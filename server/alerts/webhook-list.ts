import "server-only";
import type { WebhookSummary } from "@/lib/alerts/views";
import type { AlertWebhook } from "@/lib/contracts";
import { sharedAdminReads } from "@/server/upstream/shared-admin-reads";
import { readDropHorizon } from "./drop-horizon";
import { keptFor } from "./kept";
import { testActivityIn } from "./test-activity/count";
import { countWatchdogFindings } from "./watchdog";

const DAY_SECONDS = 24 * 3600;

/**
 * How long the list keeps a webhook's counts: derived in this process, and the upstream's answers they come
 * from in the one cache every console process shares (so two workers read them once a minute, not twice);
 * a count that failed, how long until it is asked again.
 */
export const SUMMARY_KEEP_MS = 60_000;
export const SUMMARY_FAILED_KEEP_MS = 15_000;
const keptFailed = keptFor<{ count: number; leftOut: number; unclassified: number; since: string }>(
  SUMMARY_KEEP_MS,
  SUMMARY_FAILED_KEEP_MS,
);
const keptHorizon = keptFor<Awaited<ReturnType<typeof readDropHorizon>>>(SUMMARY_KEEP_MS, SUMMARY_FAILED_KEEP_MS);

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
  const sinceSeconds = Math.floor(now.getTime() / 60_000) * 60 - DAY_SECONDS;
  const since = String(sinceSeconds);
  const failedSince = new Date(sinceSeconds * 1000).toISOString();
  return Promise.all(
    data.map(async (webhook: AlertWebhook) => {
      const [failed, horizon, watchdog] = await Promise.all([
        keptFailed(webhook.id, async () => {
          const query = { eventTypes: "EIP_155_TX_V1", deliveryStatuses: "failed", since } as const;
          // Test activity left out of the figure (and said): the test clients' failures are not an alarm.
          const [page, test] = await Promise.all([
            sharedAdminReads.webhookEvents(webhook.id, { ...query, limit: "1" }, SUMMARY_KEEP_MS),
            testActivityIn(webhook.id, query, SUMMARY_KEEP_MS),
          ]);
          return {
            count: Math.max(0, page.metadata.total - test.test.length),
            leftOut: test.test.length,
            unclassified: test.unclassified,
            since: failedSince,
          };
        }).catch(() => null),
        keptHorizon(webhook.id, () => readDropHorizon(webhook.id, now.getTime(), SUMMARY_KEEP_MS)).catch(() => null),
        countWatchdogFindings(webhook.id).catch(() => null),
      ]);
      return {
        ...webhook,
        failedLast24h: failed?.count ?? null,
        failedTestLeftOut: failed?.leftOut ?? null,
        testUnclassified: (failed?.unclassified ?? 0) + (horizon?.testActivity?.unclassified ?? 0),
        // The window the count was read for (a kept count's, up to a minute older than this one's).
        failedSince: failed?.since ?? failedSince,
        dropsWithinDay: horizon?.dropsWithinDay ?? null,
        dropsWithinHour: horizon?.dropsWithinHour ?? null,
        dropsTestLeftOut: horizon?.testActivity?.leftOut ?? null,
        watchdogFindings: watchdog?.missing ?? null,
        watchdogDisputed: watchdog?.disputed ?? null,
      };
    }),
  );
}
