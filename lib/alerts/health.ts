/**
 * A webhook's delivery health over time: per hour (24 h) or per day (7 and 30 days, days of the
 * chosen zone), how many of its events were delivered, failed or still pending. Each count is the
 * upstream's `metadata.total` for a one-event query of the bucket and status, so the view costs
 * buckets × 3 requests however many events there are.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, addHours, startOfDay, startOfHour } from "date-fns";
import type { HealthRange } from "./search-params";
import type { TestActivityNote, TestMode } from "./test-activity";

export const HEALTH_STATUSES = ["success", "failed", "pending"] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

export interface HealthBucket {
  /** Inclusive start and exclusive end, whole seconds (the events query's unit). */
  start: string;
  end: string;
  /** null when that count could not be read. */
  success: number | null;
  failed: number | null;
  pending: number | null;
}

export interface WebhookHealth {
  range: HealthRange;
  tz: string;
  buckets: HealthBucket[];
  totals: Record<HealthStatus, number | null>;
  /** Delivered ÷ (delivered + failed) over the range; null when nothing settled or a count is missing. */
  successRate: number | null;
  /** The newest delivered event, if any. */
  lastSuccessAt: string | null;
  /** Set when the newest settled delivery failed: failing since the last success (null: never delivered). */
  failing: { since: string | null; failures: number | null } | null;
  /** Upstream requests this view took (answers from the console's cache included). */
  requests: number;
  at: string;
  /** What the test-activity switch did to the counts and the rate (the streak is read over every event). */
  testActivity?: TestActivityNote;
}

/**
 * The buckets with test activity left out ("exclude": each count less the test events of its bucket and
 * status) or kept alone ("only": each count is its test events), from the test events read; "include"
 * leaves them as counted. A count that could not be read stays null.
 */
export function applyTestToBuckets(
  buckets: readonly HealthBucket[],
  test: readonly { createdAt: string; deliveryStatus: string }[],
  mode: TestMode,
): HealthBucket[] {
  if (mode === "include") return [...buckets];
  return buckets.map((bucket) => {
    const start = Date.parse(bucket.start);
    const end = Date.parse(bucket.end);
    const inBucket = test.filter((e) => {
      const at = Date.parse(e.createdAt);
      return at >= start && at < end;
    });
    const out = { ...bucket };
    for (const status of HEALTH_STATUSES) {
      const count = bucket[status];
      if (count === null) continue;
      const tests = inBucket.filter((e) => e.deliveryStatus === status).length;
      out[status] = mode === "only" ? tests : Math.max(0, count - tests);
    }
    return out;
  });
}

/** Each status summed over the buckets (null when a bucket's count is missing). */
export function healthTotals(buckets: readonly HealthBucket[]): Record<HealthStatus, number | null> {
  return Object.fromEntries(
    HEALTH_STATUSES.map((s) => [
      s,
      buckets.some((b) => b[s] === null) ? null : buckets.reduce((sum, b) => sum + (b[s] as number), 0),
    ]),
  ) as Record<HealthStatus, number | null>;
}

/** The buckets of a range ending now: whole hours, or whole days in `tz`; the last one ends now. */
export function healthBuckets(range: HealthRange, tz: string, now: number): { start: number; end: number }[] {
  const here = new TZDate(now, tz);
  const hourly = range === "24h";
  const count = hourly ? 24 : range === "7d" ? 7 : 30;
  const first = hourly ? addHours(startOfHour(here), -(count - 1)) : addDays(startOfDay(here), -(count - 1));
  const buckets: { start: number; end: number }[] = [];
  for (let k = 0; k < count; k++) {
    const start = (hourly ? addHours(first, k) : addDays(first, k)).getTime();
    const end = k === count - 1 ? now : (hourly ? addHours(first, k + 1) : addDays(first, k + 1)).getTime();
    buckets.push({ start, end });
  }
  return buckets;
}

export function successRate(totals: Record<HealthStatus, number | null>): number | null {
  if (totals.success === null || totals.failed === null) return null;
  const settled = totals.success + totals.failed;
  return settled === 0 ? null : totals.success / settled;
}
