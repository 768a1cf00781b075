import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ValidFilters } from "@/lib/alerts/filters";
import type { StaffUser } from "@/server/auth/users";
import { getDb, setDbForTests } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { getJobRun, startJobWorkers, stopJobWorkers } from "@/server/jobs";
import { addEvents, startAlertsHarness, type AlertsHarness } from "@/testing/alerts";
import { FAST_TIMING, openJobsTestDb, waitFor } from "@/testing/jobs/helpers";
import { seededTestClient } from "@/testing/lab-test-client";
import { claimParties, recordParties } from "../test-activity/parties-store";
import { replayDryRun } from "./dry-run";
import { queueReplayAll } from "./start";

/**
 * "Replay all failed" with the test switch: a seeded client made a test client of this console, and the
 * kept parties of some failed events' transactions naming its address (as the chain would have said).
 * With test activity left out, those are never sent; with only test activity, only they are.
 */
const staff: StaffUser = {
  id: "00000000-0000-4000-8000-00000000c0c0",
  email: "kit@example.com",
  name: null,
  role: "compliance",
  mustChangePassword: false,
};
let h: AlertsHarness;
let handle: DbHandle;
let window: { from: number; to: number; ids: string[] };
let testIds: string[];

const hashOf = (id: string) => `0x${id.replace(/-/g, "").padEnd(64, "a")}`;

beforeAll(async () => {
  h = await startAlertsHarness({ seedEvents: 200, historyEndsAgoMs: 2 * 3_600_000 });
  handle = await openJobsTestDb("pglite");
  setDbForTests(handle);
  await startJobWorkers({ timing: FAST_TIMING });
  const from = h.anchorMs + 30 * 60_000;
  const ids = addEvents(
    h.store,
    h.webhooks.failing.index,
    Array.from({ length: 12 }, (_, i) => ({ createdAt: from + i * 2_000, status: "failed" as const })),
  );
  window = { from, to: from + 10 * 60_000, ids };
  // Registered before the events (the events cannot precede a test client's registration).
  const client = await seededTestClient(new Date(from - 3_600_000), { id: staff.id, email: staff.email });
  const db = await getDb();
  testIds = ids.filter((_, i) => i % 3 === 0);
  // Kept as the console keeps a chain's answer: claimed, then recorded with its seal.
  const keys = ids.map((id) => ({ chainId: "eip155:11155111", hash: hashOf(id) }));
  await claimParties(db, keys);
  for (const [i, key] of keys.entries())
    await recordParties(db, key, {
      blockNumber: 7_000_000,
      parties: testIds.includes(ids[i] as string)
        ? [`0x${"1".repeat(40)}`, (client.metadata.namespaces.eip155?.address as string).toLowerCase()]
        : [`0x${"1".repeat(40)}`, `0x${"2".repeat(40)}`],
    });
}, 120_000);
afterAll(async () => {
  await stopJobWorkers();
  setDbForTests(undefined);
  await handle?.close();
  await h?.close();
});

const filters = (test: ValidFilters["test"]): ValidFilters => ({
  type: "EIP_155_TX_V1",
  statuses: [],
  from: new Date(window.from),
  to: new Date(window.to - 60_000),
  tz: "UTC",
  chains: [],
  limit: 100,
  test,
});

async function replayed(test: ValidFilters["test"]) {
  const sent: string[] = [];
  h.setHook(async (request, forward) => {
    if (request.method === "POST") sent.push(...((await request.clone().json()) as { eventIds: string[] }).eventIds);
    return forward(request);
  });
  const dry = await replayDryRun(h.webhooks.failing.id, filters(test));
  const { run } = await queueReplayAll(staff, {
    webhookId: h.webhooks.failing.id,
    filters: filters(test),
    until: new Date(dry.until),
  });
  const done = await waitFor("the replay to end", async () => {
    const r = await getJobRun(run.id);
    return r && ["succeeded", "failed", "cancelled"].includes(r.status) ? r : undefined;
  });
  h.setHook(undefined);
  return { dry, done, sent };
}

describe("replay all failed, with the test switch", () => {
  it("leaves test activity unsent, says so in the dry run and the result", async () => {
    const { dry, done, sent } = await replayed("exclude");
    expect(dry.count).toBe(12);
    expect(dry.testActivity).toEqual({ mode: "exclude", sampleLeftOut: testIds.length, sampleUnclassified: 0 });
    expect(dry.sample.map((e) => e.id).sort()).toEqual(window.ids.filter((id) => !testIds.includes(id)).sort());
    expect(done.status).toBe("succeeded");
    expect(done.result).toMatchObject({ sent: 12 - testIds.length, leftOutAsTest: testIds.length });
    expect([...sent].sort()).toEqual(window.ids.filter((id) => !testIds.includes(id)).sort());
  });

  it("sends only test activity under only", async () => {
    const { done, sent } = await replayed("only");
    expect(done.status).toBe("succeeded");
    expect([...sent].sort()).toEqual([...testIds].sort());
    expect(done.result).toMatchObject({ sent: testIds.length, leftOutAsTest: 12 - testIds.length });
  });
});
