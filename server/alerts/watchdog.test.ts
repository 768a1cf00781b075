import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WatchdogReport } from "@/lib/alerts/watchdog";
import { getDb } from "@/server/db";
import { watchdogChecks } from "@/server/db/schema";
import { startAlertsHarness, type AlertsHarness } from "@/testing/alerts";
import { readWatchdog } from "./watchdog";

let h: AlertsHarness;
/** Every transaction the console asked the chain for a receipt of, with the read that asked (lower case). */
const receipts: { hash: string; read: number }[] = [];
let read = 0;
/** Which of two reads made at once asked (each runs in its own context). */
const reader = new AsyncLocalStorage<number>();
/** A read's own retries of one lookup are one asking; asking again in another read is what must not happen. */
const askings = () => new Set(receipts.map((r) => `${r.read} ${r.hash}`)).size;
const asked = () => new Set(receipts.map((r) => r.hash)).size;
beforeAll(async () => {
  h = await startAlertsHarness({ seedEvents: 12_000, historyEndsAgoMs: 0 });
  h.setHook(async (request, forward) => {
    if (new URL(request.url).pathname.startsWith("/rpc/")) {
      const body = (await request.clone().json()) as { method: string; params: unknown[] };
      if (body.method === "eth_getTransactionReceipt")
        receipts.push({ hash: String(body.params[0]).toLowerCase(), read: reader.getStore() ?? read });
    }
    return forward(request);
  });
}, 120_000);
afterAll(() => h?.close());

describe("the chain watchdog's confirmed checks", () => {
  it("asks the chain about every confirmed transaction of the day once, the oldest first, over successive reads", async () => {
    const webhookId = h.webhooks.accepting.id;
    const now = Date.now();
    read++;
    const first = await readWatchdog(webhookId, now, { lookups: "confirmed", askAtMost: 10 });
    const total = first.confirmedChecks.of;
    // Enough of the seeded day to need several reads.
    expect(total).toBeGreaterThan(30);
    // A lookup the chain did not answer ("unknown") gives its claim up, to be asked again by a later read.
    let unanswered = first.confirmedChecks.unknown;
    expect(first.confirmedChecks.asked + unanswered).toBe(10);
    expect(askings()).toBe(10);
    expect(first.confirmedChecks.oldestUnasked).not.toBeNull();

    // Two reads at once (two console processes): neither asks what the other claimed.
    const [a, b] = (await Promise.all(
      [1000, 1001].map((id) =>
        reader.run(id, () => readWatchdog(webhookId, now, { lookups: "confirmed", askAtMost: 10 })),
      ),
    )) as [WatchdogReport, WatchdogReport];
    unanswered += a.confirmedChecks.unknown + b.confirmedChecks.unknown;
    expect(askings()).toBe(20);
    expect(Math.max(a.confirmedChecks.asked, b.confirmedChecks.asked) + unanswered).toBeGreaterThanOrEqual(20);
    // The cursor moves forward in time: what is left to ask is newer than before.
    const between = await readWatchdog(webhookId, now, { lookups: "confirmed", askAtMost: 0 });
    expect(Date.parse(between.confirmedChecks.oldestUnasked as string)).toBeGreaterThan(
      Date.parse(first.confirmedChecks.oldestUnasked as string),
    );

    let last: WatchdogReport = b;
    for (let reads = 0; last.confirmedChecks.asked < total && reads < 20; reads++) {
      read++;
      last = await readWatchdog(webhookId, now, { lookups: "confirmed", askAtMost: 10 });
      unanswered += last.confirmedChecks.unknown;
    }
    expect(last.confirmedChecks).toMatchObject({ asked: total, of: total, oldestUnasked: null });
    // Each once: as many receipts asked as confirmed transactions (and the unanswered ones again), every one.
    expect(askings()).toBe(total + unanswered);
    expect(asked()).toBe(total);

    // A read after that asks the chain nothing and reports the same disputes from what was recorded.
    const before = receipts.length;
    const again = await readWatchdog(webhookId, now, { lookups: "confirmed" });
    expect(receipts).toHaveLength(before);
    expect(again.confirmedChecks.disputed.map((d) => d.event.id)).toEqual(
      last.confirmedChecks.disputed.map((d) => d.event.id),
    );
  });

  it("asks again about an answer rewritten in the database, so a forged verdict cannot hide a dispute", async () => {
    const webhookId = h.webhooks.accepting.id;
    const now = Date.now();
    const honest = await readWatchdog(webhookId, now, { lookups: "confirmed" });
    expect(honest.confirmedChecks.oldestUnasked).toBeNull();
    // The seeded day holds a transaction a reorganisation removed after its confirmed alert (sandbox docs).
    const target = honest.confirmedChecks.disputed[0];
    expect(target?.disagreement).toBe("missing");
    const hash = (target?.event.transactionHashes[0] as string).toLowerCase();
    // A database writer makes it read "mined, succeeded, deep".
    const db = await getDb();
    await db
      .update(watchdogChecks)
      .set({ verdict: { kind: "mined", status: "success", blockNumber: 1, confirmations: 10_000 } })
      .where(and(eq(watchdogChecks.webhookId, webhookId), eq(watchdogChecks.transactionHash, hash)));
    read++;
    const after = await readWatchdog(webhookId, now, { lookups: "confirmed" });
    expect(receipts.filter((r) => r.read === read).map((r) => r.hash)).toContain(hash);
    expect(after.confirmedChecks.disputed.map((d) => [d.event.id, d.disagreement])).toEqual(
      honest.confirmedChecks.disputed.map((d) => [d.event.id, d.disagreement]),
    );
  });
});
