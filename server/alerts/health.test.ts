import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATUS } from "@/sandbox/alerts/event-store";
import { startAlertsHarness, type AlertsHarness } from "@/testing/alerts";
import { forgetHealthCacheForTests, readWebhookHealth } from "./health";

let h: AlertsHarness;
beforeAll(async () => {
  h = await startAlertsHarness({ seedEvents: 20_000, historyEndsAgoMs: 0 });
});
afterAll(() => h?.close());

/** The sandbox's own rows of a webhook in [start, end) with a status: the oracle. */
function truth(webhook: number, status: keyof typeof STATUS, start: number, end: number) {
  const list = h.store.byWebhook[webhook]?.view() ?? new Uint32Array(0);
  let n = 0;
  for (const i of list) {
    const at = h.store.created[i] as number;
    if (at >= start && at < end && h.store.status[i] === STATUS[status]) n++;
  }
  return n;
}

describe("a webhook's delivery health", () => {
  it("counts each day's outcomes as the sandbox holds them, with 3 requests a day plus the streak reads", async () => {
    forgetHealthCacheForTests();
    const now = Date.now();
    const health = await readWebhookHealth(h.webhooks.failing.id, "7d", "UTC", now);
    expect(health.buckets).toHaveLength(7);
    for (const b of health.buckets) {
      const start = Date.parse(b.start);
      const end = Math.ceil(Date.parse(b.end) / 1000) * 1000;
      expect([b.success, b.failed, b.pending], b.start).toEqual([
        truth(h.webhooks.failing.index, "success", start, end),
        truth(h.webhooks.failing.index, "failed", start, end),
        truth(h.webhooks.failing.index, "pending", start, end),
      ]);
    }
    const success = health.buckets.reduce((s, b) => s + (b.success ?? 0), 0);
    const failed = health.buckets.reduce((s, b) => s + (b.failed ?? 0), 0);
    expect(health.successRate).toBeCloseTo(success / (success + failed), 10);
    // The failing receiver answers 500 to nearly everything: the newest settled delivery failed.
    expect(health.failing).not.toBeNull();
    expect(health.requests).toBe(7 * 3 + 2 + 1);
  });

  it("reads ended days from its cache the second time", async () => {
    const again = await readWebhookHealth(h.webhooks.failing.id, "7d", "UTC");
    expect(again.requests).toBeLessThan(4);
  });
});
