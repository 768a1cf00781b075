import { createHash } from "node:crypto";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ValidFilters } from "@/lib/alerts/filters";
import type { ReplayAllResult } from "@/lib/alerts/replay";
import type * as JobsAudit from "@/server/audit/job-records";
import type { StaffUser } from "@/server/auth/users";
import { getDb, setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { getJobRun, startJobWorkers, stopJobWorkers } from "@/server/jobs";
import { addEvents, groundTruth, startAlertsHarness, type AlertsHarness } from "@/testing/alerts";
import { FAST_TIMING, gate, openJobsTestDb, waitFor } from "@/testing/jobs/helpers";
import { replayDryRun } from "./dry-run";
import { queueReplayAll } from "./start";

/**
 * A seam in front of the jobs' audit writes: a write it names fails once, as when the database is
 * out of reach or the instance dies at that very point (nothing after it in that attempt happens).
 */
const auditFaults = vi.hoisted(() => ({
  failOnce: undefined as ((action: string, key?: string) => boolean) | undefined,
}));
vi.mock("@/server/audit/job-records", async (importOriginal) => {
  const actual = await importOriginal<typeof JobsAudit>();
  return {
    ...actual,
    appendJobAuditOnce: async (...args: Parameters<typeof actual.appendJobAuditOnce>) => {
      const [, entry, key] = args;
      if (auditFaults.failOnce?.(`${entry.action}:${entry.outcome}`, key)) {
        auditFaults.failOnce = undefined;
        throw new Error("the audit log could not be reached");
      }
      return actual.appendJobAuditOnce(...args);
    },
  };
});

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
  h = await startAlertsHarness({ seedEvents: 2000, historyEndsAgoMs: 4 * 3_600_000 });
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
beforeEach(() => {
  h.setHook(undefined);
  auditFaults.failOnce = undefined;
});

let nextWindowAt = 120;
/**
 * A window of its own, after every other (the sandbox's store takes events in time order), with
 * `count` failed events on the failing webhook; the last one still ends before now.
 */
function freshWindow(count: number) {
  const from = h.anchorMs + nextWindowAt * 60_000;
  nextWindowAt += 30;
  const ids = addEvents(
    h.store,
    h.webhooks.failing.index,
    Array.from({ length: count }, (_, i) => ({ createdAt: from + i * 2_000, status: "failed" as const })),
  );
  return { from, to: from + 10 * 60_000, ids };
}

/** Every replay call's ids, in the order sent, by recording the request bodies. */
function recordReplayCalls() {
  const calls: string[][] = [];
  h.setHook(async (request, forward) => {
    if (request.method === "POST") calls.push(((await request.clone().json()) as { eventIds: string[] }).eventIds);
    return forward(request);
  });
  return calls;
}

/** The run's per-batch audit records, oldest first. */
async function batchRecords(runId: string) {
  return (await getDb())
    .select()
    .from(tables.auditLog)
    .where(like(tables.auditLog.requestId, `job:${runId}:batch-%`))
    .orderBy(asc(tables.auditLog.seq));
}

const digest = (ids: string[]) => createHash("sha256").update(ids.join("\n")).digest("hex");

const filtersFor = (w: { from: number; to: number }): ValidFilters => ({
  type: "EIP_155_TX_V1",
  statuses: [],
  from: new Date(w.from),
  to: new Date(w.to - 60_000),
  tz: "UTC",
  chains: [],
  limit: 100,
  test: "include",
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
    const calls = recordReplayCalls();
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

    // And one intent and one outcome per batch, naming exactly the ids that call sent.
    const batches = await batchRecords(run.id);
    expect(calls.map((c) => c.length)).toEqual([100, 100, dry.count - 200]);
    expect(batches.map((r) => [r.action, r.requestId, r.outcome])).toEqual(
      calls.flatMap((_, i) => [
        ["alerts.replay-all-batch", `job:${run.id}:batch-${i + 1}`, "intent"],
        ["alerts.replay-all-batch", `job:${run.id}:batch-${i + 1}`, "ok"],
      ]),
    );
    calls.forEach((ids, i) => {
      const [intent, outcome] = [batches[2 * i]!, batches[2 * i + 1]!];
      const facts = { runId: run.id, batch: i + 1, count: ids.length, idsSha256: digest(ids), firstId: ids[0] };
      expect(intent).toMatchObject({ actorEmail: staff.email, target: h.webhooks.failing.id, input: facts });
      expect(outcome).toMatchObject({ intentId: intent.id, input: { ...facts, result: "queued", queued: ids.length } });
      // A short batch names its ids; a full one only by its digest (an audit record is kept small).
      expect((intent.input as { ids?: string[] }).ids).toEqual(ids.length <= 20 ? ids : undefined);
    });
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
    // The lost batch is on record as sent without an answer, once, though a second attempt followed.
    const lost = (await batchRecords(run.id)).filter((r) => r.requestId === `job:${run.id}:batch-2`);
    expect(lost.map((r) => [r.outcome, r.errorCode])).toEqual([
      ["intent", null],
      ["error", "UPSTREAM_UNAVAILABLE"],
    ]);
    expect(lost[1]).toMatchObject({ intentId: lost[0]!.id, input: { batch: 2, count: 100, result: "unconfirmed" } });
    // Its receipts say so, for the batch's own ids; every other event sent was followed to its new outcome
    // (the failing receiver answers 500, so: failed again, one retry more than before the replay).
    const receipts = await (
      await getDb()
    )
      .select()
      .from(tables.alertReplayReceipts)
      .where(eq(tables.alertReplayReceipts.runId, run.id))
      .orderBy(asc(tables.alertReplayReceipts.seq));
    expect(receipts).toHaveLength(dry.count);
    expect(receipts.filter((r) => r.outcome === "unconfirmed").map((r) => r.seq)).toEqual(
      Array.from({ length: 100 }, (_, i) => 101 + i),
    );
    const others = receipts.filter((r) => r.outcome !== "unconfirmed");
    expect(new Set(others.map((r) => r.outcome))).toEqual(new Set(["failed"]));
    for (const r of others) {
      const i = w.ids.indexOf(r.eventId);
      expect(r.retries).toBe((before[i] as number) + 1);
      expect(r.message).toBe("Request failed with status code 500");
    }
    expect(done.result).toMatchObject({ receipts: { tally: { failed: dry.count - 100, unconfirmed: 100 } } });
  });

  it("a run stopped between a batch's intent and its outcome finds it unconfirmed in the log as in its checkpoint", async () => {
    const w = freshWindow(250);
    const before = retriesOf(w.ids);
    const calls = recordReplayCalls();
    // The second batch is replayed and answered, but the attempt stops before its outcome is written.
    auditFaults.failOnce = (what, key) => what === "alerts.replay-all-batch:ok" && key === "batch-2";
    const dry = await replayDryRun(h.webhooks.failing.id, filtersFor(w));
    const { run } = await queueReplayAll(staff, {
      webhookId: h.webhooks.failing.id,
      filters: filtersFor(w),
      until: new Date(dry.until),
    });
    const done = await ended(run.id);
    expect(done).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(done.result).toMatchObject({ sent: 150, queued: 150, refused: 0, unconfirmed: 100 });
    expect(done.checkpoint).toMatchObject({ unconfirmed: 100, batches: 3, inFlight: null });
    // Not sent again: three calls for three batches, and one more delivery attempt per event.
    expect(calls.map((c) => c.length)).toEqual([100, 100, 50]);
    await settled(w.ids);
    expect(retriesOf(w.ids)).toEqual(before.map((r) => r + 1));

    const records = await batchRecords(run.id);
    const results = records
      .filter((r) => r.outcome !== "intent")
      .map((r) => (r.input as { batch: number; result: string }).batch + ":" + (r.input as { result: string }).result);
    expect(results).toEqual(["1:queued", "2:unconfirmed", "3:queued"]);
    const second = records.filter((r) => r.requestId === `job:${run.id}:batch-2`);
    expect(second).toHaveLength(2);
    expect(second[1]).toMatchObject({
      outcome: "error",
      intentId: second[0]!.id,
      input: { count: 100, idsSha256: digest(calls[1]!), result: "unconfirmed" },
    });
  });

  it("a batch whose intent could not be recorded is not sent then, and is sent once by the resumed run", async () => {
    const w = freshWindow(250);
    const before = retriesOf(w.ids);
    const calls = recordReplayCalls();
    auditFaults.failOnce = (what, key) => what === "alerts.replay-all-batch:intent" && key === "batch-2";
    const dry = await replayDryRun(h.webhooks.failing.id, filtersFor(w));
    const { run } = await queueReplayAll(staff, {
      webhookId: h.webhooks.failing.id,
      filters: filtersFor(w),
      until: new Date(dry.until),
    });
    const done = await ended(run.id);
    expect(done).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(done.result).toMatchObject({ sent: 250, queued: 250, refused: 0, unconfirmed: 0 });
    expect(calls.map((c) => c.length)).toEqual([100, 100, 50]);
    await settled(w.ids);
    expect(retriesOf(w.ids)).toEqual(before.map((r) => r + 1));
    const records = await batchRecords(run.id);
    expect(records.map((r) => `${(r.input as { batch: number }).batch}:${r.outcome}`)).toEqual([
      "1:intent",
      "1:ok",
      "2:intent",
      "2:ok",
      "3:intent",
      "3:ok",
    ]);
    expect(records[2]).toMatchObject({ input: { idsSha256: digest(calls[1]!) } });
  });

  it("is one run when the same filters are started twice at once, and replays each event once", async () => {
    const w = freshWindow(150);
    const ids = w.ids;
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
