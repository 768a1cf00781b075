import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlertEvent } from "@/lib/contracts";
import type { ChainTransfer } from "@/sandbox/types";
import { openTestDb, type TestDbKind } from "@/testing/db";

/**
 * Test activity, end to end in one process: a sandbox with its chains running, a test client made as the
 * console makes one (the faucet funds its wallets) and an ordinary client funded the same way. What the
 * console marks is held to the sandbox chain's own record of which transfers touched the test client's
 * address (its transfer listener, not the console's lookups), on the embedded database and on PostgreSQL.
 */
const { startYieldHarness, makeTestClient } = await import("@/testing/yield/console");
const { waitFor } = await import("@/testing/jobs/helpers");
const { setDbForTests, getDb } = await import("@/server/db");
const { getAdminClient, createMpcClient } = await import("@/server/upstream");
const { markTestActivity } = await import("./classify");
const { tables } = await import("@/server/db");
const { transactionParties } = await import("@/server/db/schema");
const { forgetTestClientAddressesForTests } = await import("./test-addresses");

type Harness = Awaited<ReturnType<typeof startYieldHarness>>;
let h: Harness;
const transfers: ChainTransfer[] = [];
/** Transactions the console asked the chain about (eth_getTransactionReceipt), lower case. */
const asked: string[] = [];
const realFetch = globalThis.fetch.bind(globalThis);

beforeAll(async () => {
  h = await startYieldHarness();
  h.started.chains.onTransfer((t) => transfers.push(t));
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname.startsWith("/rpc/")) {
      const body = (await request.clone().json()) as { method: string; params: unknown[] };
      if (body.method === "eth_getTransactionReceipt") asked.push(String(body.params[0]).toLowerCase());
    }
    return realFetch(request);
  };
}, 120_000);
afterAll(async () => {
  globalThis.fetch = realFetch;
  await h?.close();
});

/** Every event of the webhook since `sinceMs`, newest first. */
async function eventsSince(webhookId: string, sinceMs: number): Promise<AlertEvent[]> {
  const out: AlertEvent[] = [];
  let cursor: string | null = null;
  do {
    const page = await getAdminClient().alerts.webhooks.events(webhookId, {
      eventTypes: "EIP_155_TX_V1",
      since: String(Math.floor(sinceMs / 1000) - 1),
      limit: "1000",
      ...(cursor ? { cursor } : {}),
    });
    out.push(...page.data);
    cursor = page.metadata.cursor;
  } while (cursor);
  return out;
}

describe.each<TestDbKind>(["pglite", "postgres"])("test activity on %s", (kind) => {
  let handle: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    handle = await openTestDb(kind);
    setDbForTests(handle);
    forgetTestClientAddressesForTests();
  }, 60_000);
  afterAll(async () => {
    setDbForTests(undefined);
    await handle?.close();
  });

  it("marks exactly the events of transactions that touched a test client, each transaction asked once", async () => {
    const startedAt = Date.now();
    const webhook = (await getAdminClient().alerts.webhooks.list()).data[0] as { id: string };
    // An ordinary client, funded by the faucet like any other: its events are real.
    const other = await getAdminClient().clients.create({ isAccountAbstracted: false });
    await createMpcClient({ clientApiKey: other.clientApiKey }).generate();
    const otherAddress = (await getAdminClient().clients.retrieve(other.id)).metadata.namespaces.eip155
      ?.address as string;
    const before = await eventsSince(webhook.id, startedAt);
    // With no test client yet, nothing is test activity and the chain is not asked.
    const none = await markTestActivity(before);
    expect(none.test.size + none.unclassified.size).toBe(0);

    const { address } = await makeTestClient(await getDb(), false);
    const own = address.toLowerCase();
    const touching = (t: ChainTransfer) => t.from.toLowerCase() === own || t.to.toLowerCase() === own;
    const otherTouching = (t: ChainTransfer) =>
      [t.from.toLowerCase(), t.to.toLowerCase()].includes(otherAddress.toLowerCase());
    // The sandbox's own record: which transactions moved funds to or from the test client's wallet.
    await waitFor("the faucet's transfers to the test client", () =>
      transfers.filter(touching).length >= 2 ? true : undefined,
    );
    const events = await waitFor("an alert for every transfer of both clients", async () => {
      const all = await eventsSince(webhook.id, startedAt);
      const hashes = new Set(all.flatMap((e) => e.transactionHashes.map((x) => x.toLowerCase())));
      const wanted = transfers.filter((t) => touching(t) || otherTouching(t));
      return wanted.every((t) => hashes.has(t.transactionHash.toLowerCase())) ? all : undefined;
    });
    // Read after the alerts: the faucet's later transfers (a token each) are mined before their alerts exist.
    const testHashes = new Set(transfers.filter(touching).map((t) => t.transactionHash.toLowerCase()));
    const expected = events
      .filter((e) => e.transactionHashes.some((x) => testHashes.has(x.toLowerCase())))
      .map((e) => e.id)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    // The ordinary client's events exist and are not test activity.
    const otherHashes = new Set(transfers.filter(otherTouching).map((t) => t.transactionHash.toLowerCase()));
    expect(events.some((e) => e.transactionHashes.some((x) => otherHashes.has(x.toLowerCase())))).toBe(true);

    const askedBefore = asked.length;
    const marking = await markTestActivity(events);
    expect([...marking.unclassified]).toEqual([]);
    expect([...marking.test].sort()).toEqual(expected);
    const distinct = new Set(events.flatMap((e) => e.transactionHashes.map((x) => x.toLowerCase())));
    expect(asked.length - askedBefore).toBe(distinct.size);

    // Read again (another process would do the same): the kept parties answer, the chain is not asked.
    const again = await markTestActivity(events);
    expect([...again.test].sort()).toEqual(expected);
    expect(asked.length - askedBefore).toBe(distinct.size);

    // A database writer makes the ordinary client's transaction name the test wallet (so the summary figures
    // would leave its failures out): the rewritten row's seal does not hold, it is asked of the chain again,
    // and the event stays real.
    const otherEvent = events.find((e) => e.transactionHashes.some((x) => otherHashes.has(x.toLowerCase())))!;
    const otherHash = otherEvent.transactionHashes[0]!.toLowerCase();
    const db = await getDb();
    await db
      .update(transactionParties)
      .set({ parties: [own] })
      .where(
        and(eq(transactionParties.chainId, otherEvent.chainId), eq(transactionParties.transactionHash, otherHash)),
      );
    const forged = await markTestActivity(events);
    expect(forged.test.has(otherEvent.id)).toBe(false);
    expect([...forged.test].sort()).toEqual(expected);
    expect(asked.slice(askedBefore + distinct.size)).toEqual([otherHash]);

    // A database writer registers the ordinary client as a test client (a row, but no key in the vault,
    // which it cannot seal): it is not counted as one, and its events stay real.
    await db.insert(tables.testClients).values({
      clientId: other.id,
      isAccountAbstracted: false,
      createdById: "00000000-0000-4000-8000-000000000000",
      createdByEmail: "forger@example.test",
      createdAt: new Date(startedAt - 60_000),
    });
    forgetTestClientAddressesForTests();
    const withForgedClient = await markTestActivity(events);
    expect(withForgedClient.test.has(otherEvent.id)).toBe(false);
    expect([...withForgedClient.test].sort()).toEqual(expected);
  }, 120_000);

  it("bounds the lookups of one read and says what it could not classify", async () => {
    const { address } = await makeTestClient(await getDb(), false);
    const own = address.toLowerCase();
    const hashes = await waitFor("the faucet's transfers", () => {
      const found = transfers.filter((t) => t.to.toLowerCase() === own);
      // Two transactions at least (the faucet may send several transfers in one).
      const distinct = [...new Set(found.map((t) => t.transactionHash.toLowerCase()))];
      return distinct.length >= 2 ? distinct : undefined;
    });
    const webhook = (await getAdminClient().alerts.webhooks.list()).data[0] as { id: string };
    const events = await waitFor("their alerts", async () => {
      const all = (await eventsSince(webhook.id, Date.now() - 120_000)).filter((e) =>
        e.transactionHashes.some((x) => hashes.includes(x.toLowerCase())),
      );
      return new Set(all.flatMap((e) => e.transactionHashes.map((x) => x.toLowerCase()))).size === hashes.length
        ? all
        : undefined;
    });
    const before = asked.length;
    const first = await markTestActivity(events, { lookUpAtMost: 1 });
    // One transaction asked (its retries within the read aside); the others said to be unclassified.
    expect(new Set(asked.slice(before)).size).toBe(1);
    expect(first.unclassified.size).toBeGreaterThan(0);
    expect(first.test.size + first.unclassified.size).toBe(events.length);
    const rest = await markTestActivity(events);
    expect(rest.unclassified.size).toBe(0);
    expect(rest.test.size).toBe(events.length);
  }, 120_000);
});
