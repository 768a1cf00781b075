import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffUser } from "@/server/auth/users";
import { getDb, setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { getJobRun, startJobWorkers, stopJobWorkers } from "@/server/jobs";
import { addEvents, startAlertsHarness, type AlertsHarness } from "@/testing/alerts";
import { SLOW_RECEIVER_ERROR } from "@/testing/delivery-timings";
import { FAST_TIMING, openJobsTestDb, waitFor } from "@/testing/jobs/helpers";
import { replaySelectedEvents } from "../replay-selected";
import { followReceipts } from "./follow";
import { receiptsCsv } from "./receipts-csv";
import { readReceipts } from "./receipts-read";
import { insertReceipts } from "./receipts-store";

/**
 * Replay receipts against the sandbox's three receivers (accepting answers 200, failing 500, slow
 * answers after the delivery timeout): each event a replay sent is followed through the events
 * listing to the outcome the sandbox itself records for it, and the CSV of the receipts is the one
 * whose digest the audit log holds.
 */
const staff: StaffUser = {
  id: "u-comp-3",
  email: "ria@example.com",
  name: null,
  role: "compliance",
  mustChangePassword: false,
};
let h: AlertsHarness;
let handle: DbHandle;
let nextAt = 30;

beforeAll(async () => {
  h = await startAlertsHarness({ seedEvents: 500, historyEndsAgoMs: 4 * 3_600_000 });
  handle = await openJobsTestDb("postgres");
  setDbForTests(handle);
  await startJobWorkers({ timing: FAST_TIMING });
});
afterAll(async () => {
  await stopJobWorkers();
  setDbForTests(undefined);
  await handle.close();
  await h.close();
});
beforeEach(() => h.setHook(undefined));

/** Events added after everything before (the store takes them in time order), `statuses` in order. */
function add(webhook: { index: number }, statuses: ("failed" | "success")[]) {
  const from = h.anchorMs + nextAt * 60_000;
  nextAt += 10;
  const created = statuses.map((_, i) => from + i * 1_000);
  const ids = addEvents(
    h.store,
    webhook.index,
    statuses.map((status, i) => ({ createdAt: created[i] as number, status })),
  );
  return ids.map((id, i) => ({ id, createdAt: new Date(created[i] as number).toISOString() }));
}

const windowOf = (events: { createdAt: string }[]) => ({
  from: events[0]!.createdAt,
  until: events.at(-1)!.createdAt,
});

// The follower looks 0, 2, 6, 14 and 30 s after the replay (followDelayMs): an outcome that lands just
// after the 14 s look (a slow receiver's timeout on a loaded machine) is read at 30 s, so the bound is
// waitFor's 60 s, as every wait of the suite, not 30 s, which that look would straddle.
const ended = (runId: string) =>
  waitFor("the receipts run to end", async () => {
    const run = await getJobRun(runId);
    return run && ["succeeded", "failed", "cancelled"].includes(run.status) ? run : undefined;
  });

/** What the sandbox's store holds of an event now: its status and retries. */
const truth = (id: string) => {
  const i = h.store.indexOf(id) as number;
  return {
    status: (["pending", "success", "failed"] as const)[h.store.status[i] as number],
    retries: h.store.retries[i],
  };
};

async function receiptsOf(runId: string) {
  return (await getDb())
    .select()
    .from(tables.alertReplayReceipts)
    .where(eq(tables.alertReplayReceipts.runId, runId))
    .orderBy(asc(tables.alertReplayReceipts.seq));
}

async function csvOf(runId: string) {
  let text = "";
  for await (const chunk of receiptsCsv(runId)) text += chunk;
  return text;
}

describe("replay receipts", () => {
  it("selected events: delivered on a receiver that accepts, refused when not failed; the CSV matches its audit digest", async () => {
    const events = add(h.webhooks.accepting, ["failed", "failed", "success", "failed", "failed"]);
    const selected = events.map((e) => e.id);
    const answer = await replaySelectedEvents(staff, h.webhooks.accepting.id, selected, windowOf(events));
    expect(answer.refused).toEqual([selected[2]]);
    expect(answer.runId).not.toBeNull();
    const run = await ended(answer.runId as string);
    expect(run.status).toBe("succeeded");

    const receipts = await receiptsOf(run.id);
    // One per event sent: the queued ones first, in the upstream's answer's order, then the refused.
    expect(receipts.map((r) => r.eventId)).toEqual([...answer.queued, ...answer.refused]);
    for (const r of receipts.filter((x) => x.outcome !== "refused")) {
      expect(truth(r.eventId).status).toBe("success");
      expect(r).toMatchObject({ outcome: "delivered", outcomeRowId: r.eventId, chainId: "eip155:11155111" });
    }
    expect(receipts.find((r) => r.eventId === selected[2])).toMatchObject({ outcome: "refused" });

    const page = await readReceipts(h.webhooks.accepting.id, run.id);
    expect(page.run).toMatchObject({ kind: "selected", status: "succeeded", total: 5 });
    expect(page.run.tally).toMatchObject({ delivered: 4, refused: 1, awaiting: 0, pending: 0 });

    // The CSV: read by an independent parser, the run's id on every row, and the digest the audit log holds.
    const csv = await csvOf(run.id);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.runId, r.eventId, r.outcome])).toEqual(
      receipts.map((r) => [run.id, r.eventId, r.outcome]),
    );
    const [record] = await (
      await getDb()
    )
      .select()
      .from(tables.auditLog)
      .where(
        and(eq(tables.auditLog.action, "alerts.replay-receipts"), like(tables.auditLog.requestId, `job:${run.id}:%`)),
      );
    expect(record?.input).toMatchObject({
      runId: run.id,
      rows: 5,
      delivered: 4,
      refused: 1,
      csvSha256: createHash("sha256").update(csv).digest("hex"),
    });
    expect(page.run.csvSha256).toBe(createHash("sha256").update(csv).digest("hex"));
  });

  it("failed again on receivers that answer 500 or too late, with the sandbox's message and retries", async () => {
    for (const [webhook, message] of [
      [h.webhooks.failing, "Request failed with status code 500"],
      [h.webhooks.slow, SLOW_RECEIVER_ERROR],
    ] as const) {
      const events = add(webhook, ["failed", "failed"]);
      const before = events.map((e) => truth(e.id).retries as number);
      const answer = await replaySelectedEvents(
        staff,
        webhook.id,
        events.map((e) => e.id),
        windowOf(events),
      );
      const run = await ended(answer.runId as string);
      const receipts = await receiptsOf(run.id);
      expect(receipts.map((r) => [r.eventId, r.outcome, r.message, r.retries])).toEqual(
        events.map((e, i) => [e.id, "failed", message, (before[i] as number) + 1]),
      );
      expect(receipts.every((r) => r.outcomeAt !== null && r.outcomeAt >= r.sentAt)).toBe(true);
    }
  });

  it("an event outside the window it was said to be in is not followed, and says so", async () => {
    const events = add(h.webhooks.accepting, ["failed", "failed"]);
    const answer = await replaySelectedEvents(
      staff,
      h.webhooks.accepting.id,
      events.map((e) => e.id),
      { from: events[0]!.createdAt, until: events[0]!.createdAt },
    );
    const run = await ended(answer.runId as string);
    const receipts = await receiptsOf(run.id);
    expect(receipts.map((r) => r.outcome)).toEqual(["delivered", "untracked"]);
    expect(receipts[1]?.message).toMatch(/not found in the selection's time window/);
  });

  it("an event with no new outcome by the end of following is still pending, saying until when", async () => {
    // The replay call never reaches the upstream here: the event stays failed as it was.
    const [event] = add(h.webhooks.failing, ["failed"]);
    const runId = "5f0c7a5e-8d1b-4c1e-9a43-2f1d2b3c4d5e";
    await insertReceipts(runId, h.webhooks.failing.id, [
      {
        seq: 1,
        eventId: event!.id,
        facts: {
          eventId: event!.id,
          chainId: "eip155:11155111",
          blockNumber: 7_000_000,
          transactionHashes: [],
          createdAt: event!.createdAt,
        },
        sentAt: new Date(),
        outcome: "awaiting",
      },
    ]);
    const until = new Date(Date.now() + 1_500);
    const reports: number[] = [];
    const tally = await followReceipts({
      runId,
      webhookId: h.webhooks.failing.id,
      until,
      signal: new AbortController().signal,
      report: (t) => reports.push(t.awaiting),
    });
    expect(tally).toMatchObject({ pending: 1, awaiting: 0 });
    expect(reports[0]).toBe(1);
    const [receipt] = await receiptsOf(runId);
    expect(receipt).toMatchObject({
      outcome: "pending",
      message: `No new outcome by ${until.toISOString()}, when following ended`,
    });
    expect(truth(event!.id).status).toBe("failed");
  });
});
