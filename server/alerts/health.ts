import "server-only";
import {
  applyTestToBuckets,
  HEALTH_STATUSES,
  healthTotals,
  healthBuckets,
  successRate,
  type HealthBucket,
  type WebhookHealth,
} from "@/lib/alerts/health";
import type { HealthRange } from "@/lib/alerts/search-params";
import { applyTestMode, SUMMARY_TEST_MODE, type TestMode } from "@/lib/alerts/test-activity";
import type { ListAlertEventsQuery, ListAlertEventsResponse } from "@/lib/contracts";
import { isAppError } from "@/server/errors";
import { KEEP_MS, keptFor } from "@/server/kit/kept";
import { getAdminClient } from "@/server/upstream";
import { orNotFound } from "@/server/upstream/not-found";
import { markTestActivity } from "./test-activity/classify";
import { testActivityIn } from "./test-activity/count";
import { testClientAddresses } from "./test-activity/test-addresses";

/** One-event reads, kept by query: an ended bucket's KEEP_MS.closedBucket, the open one's KEEP_MS.openBucket. */
const kept = keptFor<ListAlertEventsResponse>({ keepMs: KEEP_MS.openBucket, failedMs: 0 });

/** One-event read at background priority (people clicking go first), kept by query. */
function probe(webhookId: string, query: Omit<ListAlertEventsQuery, "eventTypes">, keepMs: number) {
  const full: ListAlertEventsQuery = { eventTypes: "EIP_155_TX_V1", limit: "1", ...query };
  const key = `${webhookId}?${new URLSearchParams(full as Record<string, string>)}`;
  return kept.read(
    key,
    () =>
      orNotFound(
        getAdminClient().alerts.webhooks.events(webhookId, full, { priority: "background" }),
        `Alert webhook ${webhookId}`,
      ),
    keepMs,
  );
}

/** For tests: forget the kept counts, so the next read asks the upstream again. */
export function forgetHealthCacheForTests() {
  kept.forget();
}

/**
 * A webhook's delivery outcomes per bucket of the range (buckets × 3 one-event requests, at
 * background priority, counts of ended buckets cached), the success rate, and whether it is failing
 * now and since when (two more requests, three when failing).
 */
export async function readWebhookHealth(
  webhookId: string,
  range: HealthRange,
  tz: string,
  now = Date.now(),
  test: TestMode = SUMMARY_TEST_MODE,
): Promise<WebhookHealth> {
  let requests = 0;
  const count = async (query: Omit<ListAlertEventsQuery, "eventTypes">, ttl: number) => {
    const read = probe(webhookId, query, ttl);
    if (read.fresh) requests++;
    return read.value;
  };
  const total = (query: Omit<ListAlertEventsQuery, "eventTypes" | "limit">, ttl: number) =>
    count(query, ttl)
      .then((page) => page.metadata.total)
      .catch((error: unknown) => {
        if (isAppError(error) && error.code === "NOT_FOUND") throw error;
        return null;
      });

  const spans = healthBuckets(range, tz, now);
  const counted: HealthBucket[] = await Promise.all(
    spans.map(async ({ start, end }, k) => {
      const since = String(Math.floor(start / 1000));
      const until = String(Math.ceil(end / 1000));
      const ttl = k === spans.length - 1 ? KEEP_MS.openBucket : KEEP_MS.closedBucket;
      const [success, failed, pending] = await Promise.all(
        HEALTH_STATUSES.map((deliveryStatuses) => total({ deliveryStatuses, since, until }, ttl)),
      );
      return {
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        success: success ?? null,
        failed: failed ?? null,
        pending: pending ?? null,
      };
    }),
  );
  // Test activity of the range: only its part since the first test client is read, and classified.
  const found =
    test === "include"
      ? null
      : await testActivityIn(webhookId, {
          eventTypes: "EIP_155_TX_V1",
          since: String(Math.floor((spans[0]?.start ?? now) / 1000)),
          until: String(Math.ceil(now / 1000)),
        });
  const buckets = applyTestToBuckets(counted, found?.test ?? [], test);
  const totals = healthTotals(buckets);
  const all = healthTotals(counted);
  const leftOut = HEALTH_STATUSES.reduce((sum, s) => sum + Math.max(0, (all[s] ?? 0) - (totals[s] ?? 0)), 0);

  const streak = await failingStreak(webhookId, test, count, total);
  return {
    range,
    tz,
    buckets,
    totals,
    successRate: successRate(totals),
    lastSuccessAt: streak.lastSuccessAt,
    failing: streak.failing,
    requests,
    at: new Date(now).toISOString(),
    testActivity: { mode: test, leftOut, unclassified: found?.unclassified ?? 0 },
  };
}

/** Newest events looked at to find the newest one the switch keeps (test activity left out or kept alone). */
const STREAK_LOOK = 100;

/**
 * Whether the webhook is failing now and since when, by the switch: the newest settled delivery it keeps
 * failed, counted from the newest success it keeps. Without test clients (or with the switch at include)
 * two one-event reads; with them the newest STREAK_LOOK of each are read and classified, and the failures
 * since are the upstream's count less (or, for "only", just) the test activity among them.
 */
async function failingStreak(
  webhookId: string,
  test: TestMode,
  count: (query: Omit<ListAlertEventsQuery, "eventTypes">, keepMs: number) => Promise<ListAlertEventsResponse>,
  total: (query: Omit<ListAlertEventsQuery, "eventTypes" | "limit">, keepMs: number) => Promise<number | null>,
): Promise<{ lastSuccessAt: string | null; failing: WebhookHealth["failing"] }> {
  const sorting = test !== "include" && (await testClientAddresses()).since !== null;
  const newest = async (deliveryStatuses: string) => {
    const page = await count(
      { deliveryStatuses, ...(sorting ? { limit: String(STREAK_LOOK) } : {}) },
      KEEP_MS.openBucket,
    );
    if (!sorting) return page.data[0] ?? null;
    return applyTestMode(page.data, await markTestActivity(page.data), test).kept[0] ?? null;
  };
  const [lastSuccess, lastSettled] = await Promise.all([newest("success"), newest("success,failed")]);
  const lastSuccessAt = lastSuccess?.createdAt ?? null;
  if (lastSettled?.deliveryStatus !== "failed") return { lastSuccessAt, failing: null };
  const query = {
    eventTypes: "EIP_155_TX_V1",
    deliveryStatuses: "failed",
    ...(lastSuccessAt ? { since: String(Math.floor(Date.parse(lastSuccessAt) / 1000) + 1) } : {}),
  };
  const [all, found] = await Promise.all([
    total(query, KEEP_MS.openBucket),
    sorting ? testActivityIn(webhookId, query, KEEP_MS.openBucket) : null,
  ]);
  const testFailures = found?.test.length ?? 0;
  const failures = all === null ? null : test === "only" ? testFailures : all - testFailures;
  return { lastSuccessAt, failing: { since: lastSuccessAt, failures } };
}
