import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ValidFilters } from "@/lib/alerts/filters";
import type { ReplayAllResult } from "@/lib/alerts/replay";
import type { StaffUser } from "@/server/auth/users";
import { getDb, setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { getJobRun, startJobWorkers, stopJobWorkers } from "@/server/jobs";
import { FAST_TIMING, gate, openJobsTestDb, waitFor } from "@/server/jobs/testing/helpers";
import { addEvents, groundTruth, startAlertsHarness, type AlertsHarness } from "../testing";
import { replayDryRun } from "./dry-run";
import { queueReplayAll } from "./start";

/**
 * "Replay all failed" against the sandbox's failing receiver (every delivery answers 500, so a
 * replayed event is failed again at once, with one more retry): the dry run's count is what the job
 * sends, queued and refused are counted from the upstream's answers, and a batch whose answer was
 * lost is never sent twice.
 */

const staff: StaffUser = {
  id: "u-comp-9",
  email: "rey@example.com",
  name: null,
  role: "compliance",
  mustChangePassword: false,
};
let h: AlertsHarness;
let handle: DbHandle;
/** Windows after the seeded history, each with its own failed events on the failing webhook. */
let windows: { from: number; to: number; ids: string[] }[];

beforeAll(async () => {
  h = await startAlertsHarness({ seedEvents: 2000, historyEndsAgoMs: 3 * 3_600_000 });
  handle = await openJobsTestDb("postgres");
  setDbForTests(handle);
  await startJobWorkers({ timing: FAST_TIMING });
  // Three windows of ten minutes: 230 failed events each (plus some that succeeded), 20 minutes apart.
  windows = [0, 1, 2].map((w) => {
    const from = h.anchorMs + (w + 1) * 30 * 60_000;
    const events = Array.from({ length: 260 }, (_, i) => ({
      createdAt: from + i * 2_000,
      status: i % 9 === 8 ? ("success" as const) : ("failed" as const),
    }));
    const ids = addEvents(h.store, h.webhooks.failing.index, events);
    return { from, to: from + 10 * 60_000, ids };
  });
});
afterAll(async () => {
  await stopJobWorkers();
  setDbForTests(undefined);
  await handle.close();
  await h.close();
});
beforeEach(() => h.setHook(undefined));

const filtersFor = (w: { from: number; to: number }): ValidFilters => ({
  type: "EIP_155_TX_V1",
  statuses: [],
  from: new Date(w.from),
  to: new Date(w.to - 60_000),
  tz: "UTC",
  chains: [],
  limit: 100,
});
const retriesOf = (ids: string[]) => ids.map((id) => h.store.retries[h.store.indexOf(id) as number] as number);
const ended = (runId: string) =>
  waitFor(
    "the replay to end",
    async () => {
      const run = await getJobRun(runId);
      return run && ["succeeded", "failed", "cancelled"].includes(run.status) ? run : undefined;
    },
    40_000,
  );
/** Waits until the sandbox has an outcome for every replayed delivery (the receiver answers at once). */
const settled = (ids: string[]) =>
  waitFor("the replayed deliveries to settle", () =>
    ids.every((id) => h.store.status[h.store.indexOf(id) as number] !== 0),
  );

describe("replay all failed", () => {
  it("dry run: the upstream's count of failed events for the filters, the newest 20, the range pinned", async () => {
    const w = windows[0] as (typeof windows)[number];
    const now = new Date();
    const dry = await replayDryRun(h.webhooks.failing.id, filtersFor(w), { now });
    const truth = groundTruth(h.store, h.webhooks.failing.index, { fromMs: w.from, untilMs: w.to }, "failed");
    expect(dry.count).toBe(truth.length);
    expect(dry.count).toBeGreaterThan(200);
    expect(dry.sample).toHaveLength(20);
    expect(dry.sample.every((e) => e.deliveryStatus === "failed")).toBe(true);
    expect(dry.until).toBe(new Date(w.to).toISOString());
    expect(dry.confirmation).toBeNull();
    // Without an end in the filters, the range ends at the second it was asked.
    const open = await replayDryRun(h.webhooks.failing.id, { ...filtersFor(w), to: undefined }, { now });
    expect(open.until).toBe(new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString());
    // Filters that leave out failed events have nothing to replay.
    expect(await replayDryRun(h.webhooks.failing.id, { ...filtersFor(w), statuses: ["success"] })).toMatchObject({
      count: 0,
      sample: [],
    });
  });

  it("sends exactly the dry run's events, in batches, and counts what was queued; one audit record", async () => {
    const w = windows[0] as (typeof windows)[number];
    const dry = await replayDryRun(h.webhooks.failing.id, filtersFor(w));
    const failed = groundTruth(h.store, h.webhooks.failing.index, { fromMs: w.from, untilMs: w.to }, "failed");
    const before = retriesOf(w.ids);
    const startedAt = h.requests.length;
    const { run } = await queueReplayAll(staff, {
      webhookId: h.webhooks.failing.id,
      filters: filtersFor(w),
      until: new Date(dry.until),
    });
    const done = await ended(run.id);
    expect(done.status).toBe("succeeded");
    expect(done.result).toMatchObject({
      sent: dry.count,
      queued: dry.count,
      refused: 0,
      unconfirmed: 0,
    } satisfies Partial<ReplayAllResult>);
    const replays = h.requests.slice(startedAt).filter((r) => r.method === "POST");
    expect(replays).toHaveLength(Math.ceil(dry.count / 100));
    await settled(w.ids);
    // Every failed event of the window was replayed once; the others were left alone.
    const after = retriesOf(w.ids);
    const failedSet = new Set(failed);
    w.ids.forEach((id, i) => expect(after[i]).toBe((before[i] as number) + (failedSet.has(id) ? 1 : 0)));

    const records = await (
      await getDb()
    )
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.requestId, `job:${run.id}`));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      action: "alerts.replay-all",
      actorEmail: staff.email,
      target: h.webhooks.failing.id,
    });
    expect(records[0]?.input).toMatchObject({ queued: dry.count, refused: 0, filters: { tz: "UTC" } });
  });

  it("counts what the upstream refused (an event no longer failed when its batch was sent)", async () => {
    const w = windows[1] as (typeof windows)[number];
    const dry = await replayDryRun(h.webhooks.failing.id, filtersFor(w));
    // Between the listing and the replay call, one event of the first page succeeded elsewhere.
    let flipped: string | undefined;
    h.setHook(async (request, forward) => {
      const response = await forward(request);
      // The job's pages (100 at a time), not the dry run's (20).
      if (request.method === "GET" && new URL(request.url).searchParams.get("limit") === "100" && !flipped) {
        const body = (await response.clone().json()) as { data: { id: string }[] };
        flipped = body.data[3]?.id;
        if (flipped) h.store.setDelivery(h.store.indexOf(flipped) as number, "success", 1, null, Date.now());
      }
      return response;
    });
    const { run } = await queueReplayAll(staff, {
      webhookId: h.webhooks.failing.id,
      filters: filtersFor(w),
      until: new Date(dry.until),
    });
    const done = await ended(run.id);
    expect(flipped).toBeDefined();
    expect(done.result).toMatchObject({ sent: dry.count, queued: dry.count - 1, refused: 1, unconfirmed: 0 });
  });

  it("never sends a batch twice: one whose answer was lost is counted as unconfirmed after the retry", async () => {
    const w = windows[2] as (typeof windows)[number];
    const dry = await replayDryRun(h.webhooks.failing.id, filtersFor(w));
    const failed = new Set(groundTruth(h.store, h.webhooks.failing.index, { fromMs: w.from, untilMs: w.to }, "failed"));
    const before = retriesOf(w.ids);
    let posts = 0;
    h.setHook(async (request, forward) => {
      if (request.method !== "POST") return forward(request);
      const response = await forward(request);
      // The second batch reaches the upstream and is replayed, but its answer never comes back.
      if (++posts === 2)
        throw new TypeError("fetch failed", {
          cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }),
        });
      return response;
    });
    const { run } = await queueReplayAll(staff, {
      webhookId: h.webhooks.failing.id,
      filters: filtersFor(w),
      until: new Date(dry.until),
    });
    const done = await ended(run.id);
    expect(done.status).toBe("succeeded");
    expect(done.attempts).toBe(2);
    expect(done.result).toMatchObject({ sent: dry.count - 100, queued: dry.count - 100, unconfirmed: 100, refused: 0 });
    expect(posts).toBe(Math.ceil(dry.count / 100));
    await settled(w.ids);
    // At most once: every failed event got exactly one more attempt, the lost batch's included.
    const after = retriesOf(w.ids);
    w.ids.forEach((id, i) => expect(after[i]).toBe((before[i] as number) + (failed.has(id) ? 1 : 0)));
  });

  it("is one run when the same filters are started twice at once, and replays each event once", async () => {
    // A window of its own, after the others.
    const from = h.anchorMs + 120 * 60_000;
    const ids = addEvents(
      h.store,
      h.webhooks.failing.index,
      Array.from({ length: 150 }, (_, i) => ({ createdAt: from + i * 2_000, status: "failed" as const })),
    );
    const w = { from, to: from + 10 * 60_000 };
    const dry = await replayDryRun(h.webhooks.failing.id, filtersFor(w));
    expect(dry.count).toBe(150);
    const before = retriesOf(ids);
    // The job's pages wait until both starts have answered, so the first run is still going when the second comes.
    const held = gate();
    let posts = 0;
    h.setHook(async (request, forward) => {
      if (request.method === "POST") posts++;
      else if (new URL(request.url).searchParams.get("limit") === "100") await held.wait;
      return forward(request);
    });
    const input = { webhookId: h.webhooks.failing.id, filters: filtersFor(w), until: new Date(dry.until) };
    const colleague: StaffUser = { ...staff, id: "u-comp-10", email: "kit@example.com" };
    const [first, second] = await Promise.all([queueReplayAll(staff, input), queueReplayAll(colleague, input)]);
    held.open();
    expect(second.run.id).toBe(first.run.id);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    const done = await ended(first.run.id);
    expect(done.result).toMatchObject({ sent: 150, queued: 150, refused: 0, unconfirmed: 0 });
    expect(posts).toBe(2);
    await settled(ids);
    expect(retriesOf(ids)).toEqual(before.map((r) => r + 1));
  });
});
