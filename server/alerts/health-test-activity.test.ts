import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, setDbForTests } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { addEvents, startAlertsHarness, type AlertsHarness } from "@/testing/alerts";
import { openJobsTestDb } from "@/testing/jobs/helpers";
import { seededTestClient } from "@/testing/lab-test-client";
import { forgetHealthCacheForTests, readWebhookHealth } from "./health";
import { claimParties, recordParties } from "./test-activity/parties-store";
import { forgetTestClientAddressesForTests } from "./test-activity/test-addresses";

/**
 * The health page's streak ("failing since") by the test switch: a real delivery succeeded, then only a
 * test client's transactions failed. Leaving test activity out, the webhook is not failing; with it, it
 * has failed five times since that success; test activity alone, five failures and no success.
 */
let h: AlertsHarness;
let handle: DbHandle;
let realSuccessAt: string;

const hashOf = (id: string) => `0x${id.replace(/-/g, "").padEnd(64, "a")}`;

beforeAll(async () => {
  h = await startAlertsHarness({ seedEvents: 200, historyEndsAgoMs: 3 * 3_600_000 });
  handle = await openJobsTestDb("pglite");
  setDbForTests(handle);
  const now = Date.now();
  const [real] = addEvents(h.store, h.webhooks.accepting.index, [{ createdAt: now - 20 * 60_000, status: "success" }]);
  const test = addEvents(
    h.store,
    h.webhooks.accepting.index,
    Array.from({ length: 5 }, (_, i) => ({ createdAt: now - (10 - i) * 60_000, status: "failed" as const })),
  );
  realSuccessAt = new Date(now - 20 * 60_000).toISOString();
  const client = await seededTestClient(new Date(now - 3_600_000), {
    id: "00000000-0000-4000-8000-00000000c0c1",
    email: "kit@example.com",
  });
  const db = await getDb();
  forgetTestClientAddressesForTests();
  // The chain's parties of each transaction, kept as the console keeps them: the failures name the test client.
  const testAddress = (client.metadata.namespaces.eip155?.address as string).toLowerCase();
  const keys = [real as string, ...test].map((id) => ({ chainId: "eip155:11155111", hash: hashOf(id) }));
  await claimParties(db, keys);
  for (const [i, key] of keys.entries())
    await recordParties(db, key, {
      blockNumber: 7_000_000,
      parties: [`0x${"1".repeat(40)}`, i === 0 ? `0x${"2".repeat(40)}` : testAddress],
    });
}, 120_000);
afterAll(async () => {
  setDbForTests(undefined);
  await handle?.close();
  await h?.close();
});

describe("the failing streak by the test switch", () => {
  const read = (test: "include" | "exclude" | "only") => {
    forgetHealthCacheForTests();
    return readWebhookHealth(h.webhooks.accepting.id, "24h", "UTC", Date.now(), test);
  };

  it("is not failing when only test activity failed since the last real success", async () => {
    const health = await read("exclude");
    expect(health.failing).toBeNull();
    expect(health.lastSuccessAt).toBe(realSuccessAt);
  });

  it("counts the test failures as the upstream does under include", async () => {
    const health = await read("include");
    expect(health.failing).toEqual({ since: realSuccessAt, failures: 5 });
  });

  it("counts only the test client's failures, with no success of its own, under only", async () => {
    const health = await read("only");
    expect(health.lastSuccessAt).toBeNull();
    expect(health.failing).toEqual({ since: null, failures: 5 });
  });
});
