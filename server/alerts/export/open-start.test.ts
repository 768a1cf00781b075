import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { exportResultSchema } from "@/lib/alerts/export";
import type { ValidFilters } from "@/lib/alerts/filters";
import type { DeliveryStatus } from "@/lib/contracts/alerts";
import type { StaffUser } from "@/server/auth/users";
import { setDbForTests } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { finalPath } from "@/server/exports/files";
import { getJobRun, startJobWorkers, stopJobWorkers } from "@/server/jobs";
import { addEvents, groundTruth, startAlertsHarness, type AlertsHarness, type FetchHook } from "@/testing/alerts";
import { FAST_TIMING, gate, openJobsTestDb, waitFor } from "@/testing/jobs/helpers";
import { setExportTuningForTests } from "./settings";
import { queueExport } from "./start";

/**
 * Exports with no "From" while the matching set moves: the file holds exactly the sandbox's events
 * of the range (every one of them, however old), and when the set changes under an export already
 * fetched, the run fails and says so instead of writing a short file.
 */

const staff: StaffUser = {
  id: "u-comp-open",
  email: "olga@example.com",
  name: null,
  role: "compliance",
  mustChangePassword: false,
};

let h: AlertsHarness;
let handle: DbHandle;

beforeAll(async () => {
  // A thousand events over 90 days, ending an hour ago: most of a webhook's events are far older than a day.
  h = await startAlertsHarness({ seedEvents: 1000, historyEndsAgoMs: 3_600_000 });
  handle = await openJobsTestDb("pglite");
  setDbForTests(handle);
  // Small pages and slices, so a webhook's hundred-odd events are planned into several slices.
  setExportTuningForTests({ pageSize: 20, fallbackPageSize: 10, parallel: 4, sliceRows: 10, checkpointEveryMs: 0 });
  await startJobWorkers({ timing: FAST_TIMING });
});
afterAll(async () => {
  await stopJobWorkers();
  setExportTuningForTests(undefined);
  setDbForTests(undefined);
  await handle.close();
  await h.close();
});
beforeEach(() => h.setHook(undefined));

const openFilters = (statuses: DeliveryStatus[] = []): ValidFilters => ({
  type: "EIP_155_TX_V1",
  statuses,
  from: undefined,
  to: undefined,
  tz: "UTC",
  chains: [],
  limit: 100,
  test: "include",
});

/** A count that starts somewhere (limit 1 with a `since`): how the plan looks for where the events start. */
const isBoundedCount = (r: Request) => {
  const url = new URL(r.url);
  return r.method === "GET" && url.searchParams.get("limit") === "1" && url.searchParams.has("since");
};

/** Holds every matching request until `open` (each gives up with its own signal). */
function holding(match: (r: Request) => boolean) {
  const held = gate();
  let holdingNow = false;
  const hook: FetchHook = async (request, forward) => {
    if (match(request)) {
      holdingNow = true;
      await Promise.race([
        held.wait,
        new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason))),
      ]);
    }
    return forward(request);
  };
  return { hook, open: held.open, isHolding: () => holdingNow };
}

const ended = (runId: string) =>
  waitFor(
    "the export to end",
    async () => {
      const run = await getJobRun(runId);
      return run && ["succeeded", "failed", "cancelled"].includes(run.status) ? run : undefined;
    },
    40_000,
  );

const exportedIds = (runId: string, fileName: string) =>
  (parse(readFileSync(finalPath(runId, fileName), "utf8"), { columns: true }) as { id: string }[]).map((r) => r.id);

/** Starts an export with no From, and once it is looking for where the events start, changes the set. */
async function exportWhileTheSetMoves(webhookId: string, filters: ValidFilters, move: (untilMs: number) => void) {
  const hold = holding(isBoundedCount);
  h.setHook(hold.hook);
  const { run } = await queueExport(staff, { webhookId, filters, format: "csv" });
  const untilMs = Date.parse(((await getJobRun(run.id))?.params as { until: string }).until);
  await waitFor("the export to look for where the events start", () => hold.isHolding());
  move(untilMs);
  hold.open();
  return { done: await ended(run.id), untilMs };
}

// The sandbox keeps createdAt non-decreasing, so the events arriving after the pinned end (second
// test) come after the pending ones (first test) are made.
describe("an export with no From", () => {
  it("holds every failed event of the range while pending deliveries turn failed", async () => {
    const failing = h.webhooks.failing;
    const failedBefore = groundTruth(h.store, failing.index, { fromMs: null, untilMs: Date.now() }, "failed");
    expect(failedBefore.length).toBeGreaterThan(40);
    // Deliveries still pending, made in the hour since the seeded history ends.
    const pending = addEvents(
      h.store,
      failing.index,
      failedBefore.map((_, i) => ({ createdAt: h.anchorMs + 60_000 + i * 10, status: "pending" as const })),
    );
    const { done, untilMs } = await exportWhileTheSetMoves(failing.id, openFilters(["failed"]), () => {
      // Their receiver answers: every one of them failed.
      for (const id of pending)
        h.store.setDelivery(
          h.store.indexOf(id) as number,
          "failed",
          0,
          "Request failed with status code 500",
          Date.now(),
        );
    });
    expect(done.error).toBeNull();
    expect(done.status).toBe("succeeded");
    const result = exportResultSchema.parse(done.result);
    const ids = exportedIds(done.id, result.fileName);
    const truth = groundTruth(h.store, failing.index, { fromMs: null, untilMs }, "failed");
    expect([...ids].sort()).toEqual([...truth].sort());
    expect(ids).toEqual(expect.arrayContaining([...failedBefore, ...pending]));
  });

  it("holds every event of the range, however old, while new events keep arriving", async () => {
    const slow = h.webhooks.slow;
    const before = groundTruth(h.store, slow.index, { fromMs: null, untilMs: Date.now() });
    // Most of them are older than a day: an export that starts its range a day back loses them.
    expect(before.length).toBeGreaterThan(40);
    const { done, untilMs } = await exportWhileTheSetMoves(slow.id, openFilters(), (until) => {
      // Events keep arriving: as many as the webhook ever had, in the second after the pinned end.
      addEvents(
        h.store,
        slow.index,
        before.map((_, i) => ({ createdAt: until + 100 + (i % 800) })),
      );
    });
    expect(done.error).toBeNull();
    expect(done.status).toBe("succeeded");
    const result = exportResultSchema.parse(done.result);
    const ids = exportedIds(done.id, result.fileName);
    const truth = groundTruth(h.store, slow.index, { fromMs: null, untilMs });
    expect([...ids].sort()).toEqual([...truth].sort());
    expect(result.rows).toBe(before.length);
  });

  it("fails, saying why, when the rows it fetched are not the upstream's count for the range", async () => {
    const accepting = h.webhooks.accepting;
    // One page comes back one event short, as a set that changed under the export would.
    let dropped: string | undefined;
    h.setHook(async (request, forward) => {
      const response = await forward(request);
      const url = new URL(request.url);
      if (dropped || !url.pathname.endsWith("/events") || url.searchParams.get("limit") === "1") return response;
      const body = (await response.json()) as { data: { id: string }[] };
      dropped = body.data.shift()?.id;
      return Response.json(body, { status: response.status });
    });
    const { run } = await queueExport(staff, { webhookId: accepting.id, filters: openFilters(), format: "csv" });
    const done = await ended(run.id);
    expect(dropped).toBeDefined();
    expect(done.status).toBe("failed");
    const truth = groundTruth(h.store, accepting.index, {
      fromMs: null,
      untilMs: Date.parse((done.params as { until: string }).until),
    });
    expect(done.error).toContain(
      `fetched ${(truth.length - 1).toLocaleString("en")} events, but the upstream now counts ${truth.length.toLocaleString("en")}`,
    );
    expect(done.result).toBeNull();
  });
});
