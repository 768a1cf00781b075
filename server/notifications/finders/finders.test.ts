import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATUS } from "@/sandbox/alerts/event-store";
import { readDropHorizon } from "@/server/alerts/drop-horizon";
import { forgetHealthCacheForTests } from "@/server/alerts/health";
import { startAlertsHarness, type AlertsHarness } from "@/testing/alerts";
import { dropHorizonFinder } from "./drop-horizon";
import { webhookHealthFinder } from "./webhook-health";

/**
 * The webhook rules' finders over the sandbox in this process, its seeded history ending now: the
 * failing webhook (its receiver answers 500) is found, the accepting one is not, and the counts are the
 * sandbox's own rows (health) or the drop horizon's (the finder only picks the events within its hours).
 */

let h: AlertsHarness;
beforeAll(async () => {
  h = await startAlertsHarness({ seedEvents: 5000, historyEndsAgoMs: 0 });
}, 120_000);
afterAll(() => h?.close());

const HOUR_MS = 3_600_000;

/** The sandbox's own count of a webhook's events with a status created in [start, end). */
function truth(webhook: number, status: keyof typeof STATUS, start: number, end: number) {
  const list = h.store.byWebhook[webhook]?.view() ?? new Uint32Array(0);
  let n = 0;
  for (const i of list) {
    const at = h.store.created[i] as number;
    if (at >= start && at < end && h.store.status[i] === STATUS[status]) n++;
  }
  return n;
}

describe("the webhook rules' finders", () => {
  it("finds the failing webhook's failures about to be dropped, as many as the drop horizon places within the hours", async () => {
    const now = Date.now();
    const found = await dropHorizonFinder(48, now);
    const failing = found.findings.find((f) => f.subject === h.webhooks.failing.id);
    const horizon = await readDropHorizon(h.webhooks.failing.id, now);
    expect(horizon.events.length).toBeGreaterThan(0);
    expect(failing).toMatchObject({
      count: horizon.events.length,
      path: `/alerts/${h.webhooks.failing.id}/horizon`,
    });
    // Within one hour: only those the horizon drops that soon.
    const soon = await dropHorizonFinder(1, now);
    expect(soon.findings.find((f) => f.subject === h.webhooks.failing.id)?.count ?? 0).toBe(horizon.dropsWithinHour);
    expect(found.unknown).toEqual([]);
  });

  it("finds the webhook whose success rate over the last hour is below the threshold, with the sandbox's failures", async () => {
    forgetHealthCacheForTests();
    const now = Date.now();
    const found = await webhookHealthFinder(50, now);
    const failing = found.findings.find((f) => f.subject === h.webhooks.failing.id);
    // The buckets overlapping the last hour: the previous clock hour (UTC) and the current one.
    const start = Math.floor(now / HOUR_MS) * HOUR_MS - HOUR_MS;
    expect(failing?.count).toBe(truth(h.webhooks.failing.index, "failed", start, now + 1000));
    expect(failing?.count).toBeGreaterThan(0);
    expect(found.findings.some((f) => f.subject === h.webhooks.accepting.id)).toBe(false);
  });
});
