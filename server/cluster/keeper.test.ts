import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Upstream from "@/server/upstream";
import { alertEventsFixture, gasUsageFixture, listClientsFixture } from "@/testing/contracts/fixtures";
import { KeeperRelay } from "../../scripts/keeper-relay.mjs";

/**
 * Three console processes in one test: the primary's real relay (scripts/keeper-relay.mjs) passes
 * messages between channels as the IPC channel would (later, in order), worker 1 keeps, workers 2
 * and 3 ask. The upstream is a stand-in AdminClient whose fetch counts what reaches "the network".
 */
const state: { admin?: unknown } = {};
vi.mock("@/server/upstream", async (original) => ({
  ...(await original<typeof Upstream>()),
  getAdminClient: () => state.admin,
}));

const { AdminClient, isUpstreamErrorOf } = await import("@/server/upstream");
const { KeeperChannel, setKeeperChannelForTests } = await import("./channel");
const { serveKeeperRequests } = await import("./keeper");
const { rateLimitKey, sharedRateLimiter } = await import("@/server/upstream/shared-budget");
const { sharedAdminReads } = await import("@/server/upstream/shared-admin-reads");
const { getSharedReads } = await import("@/server/upstream/shared-reads");
const { forgetEnvForTests } = await import("@/server/env");

type Channel = InstanceType<typeof KeeperChannel>;

function cluster(ids: number[]) {
  const relay = new KeeperRelay();
  const listeners = new Map<number, (message: unknown) => void>();
  const deliver = (id: number, message: unknown) => setImmediate(() => listeners.get(id)?.(structuredClone(message)));
  for (const id of ids) relay.add({ id, send: (message: unknown) => deliver(id, message) });
  const channels = new Map<number, Channel>();
  for (const id of ids) {
    const channel = new KeeperChannel({
      workerId: id,
      workers: ids.length,
      send: (message) => setImmediate(() => relay.handle(id, structuredClone(message))),
      onMessage: (listener) => listeners.set(id, listener),
    });
    // As at start-up in every process: each serves the others while it is the keeper.
    serveKeeperRequests(channel);
    channels.set(id, channel);
  }
  return { relay, channel: (id: number) => channels.get(id)!, listeners };
}

/** Runs `call` as process `channel` would: its channel is the process's own. */
function as<T>(channel: Channel, call: () => Promise<T>): Promise<T> {
  setKeeperChannelForTests(channel);
  try {
    return call();
  } finally {
    setKeeperChannelForTests(undefined);
  }
}

/**
 * Until `done()` holds: the messages hop by setImmediate, so this waits for them, not for a time that a
 * loaded machine may not keep (a timer can fire before the hops are over).
 */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`never came: ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Until one process keeps and every other one knows it and asks it. */
const elected = (channel: (id: number) => Channel, ids: number[]) =>
  until(
    () =>
      ids.filter((id) => channel(id).keeps).length === 1 && ids.every((id) => channel(id).keeps || channel(id).asks),
    "a keeper every process knows",
  );

const saved = { ...process.env };
const fetched: string[] = [];
let answer: (url: string) => Response;

beforeEach(() => {
  fetched.length = 0;
  answer = (url) =>
    url.includes("/gas")
      ? Response.json({ ...gasUsageFixture, chainId: "eip155:1" })
      : Response.json(listClientsFixture);
  state.admin = new AdminClient({
    baseURL: "http://upstream.test",
    apiKey: "custodian-key",
    fetch: async (url) => {
      fetched.push(String(url));
      return answer(String(url));
    },
  });
  process.env = { ...saved, CONSOLE_WORKER_COUNT: "3", CONSOLE_SHARED_READ_TTL_MS: "5000" };
  forgetEnvForTests();
  getSharedReads().invalidate(["listClients", "getGasSponsorUsage"]);
});
afterEach(() => {
  process.env = { ...saved };
  forgetEnvForTests();
  setKeeperChannelForTests(undefined);
});

describe("several console processes on one upstream budget", () => {
  it("the first process keeps; the others know it and ask it", async () => {
    const { channel } = cluster([1, 2, 3]);
    await elected(channel, [1, 2, 3]);
    expect(channel(1).keeps).toBe(true);
    expect([channel(2).asks, channel(3).asks]).toEqual([true, true]);
  });

  it("grants the processes together no more than the one limit, and refuses a person who would wait for it", async () => {
    const { channel } = cluster([1, 2, 3]);
    await elected(channel, [1, 2, 3]);
    const key = rateLimitKey("custodian", `limit-test-${Math.random()}`);
    const admit = (c: Channel) => as(c, () => sharedRateLimiter(key, { limit: 4 }).admit!("interactive", 5_000));
    const answers = await Promise.all([1, 2, 3, 2, 3, 2].map((id) => admit(channel(id))));
    const granted = answers.filter((wait) => wait === undefined);
    const refused = answers.filter((wait): wait is number => wait !== undefined);
    // Each on its own share would have had 4 ÷ 3 = 1; together they use the whole limit and no more.
    expect(granted).toHaveLength(4);
    expect(refused).toHaveLength(2);
    // The wait is the rest of the window, which is longer than the person's 5 s.
    for (const wait of refused) expect(wait).toBeGreaterThan(55_000);
  });

  it("reads a shared list once upstream for all processes, and again after a write drops it", async () => {
    const { channel } = cluster([1, 2, 3]);
    await elected(channel, [1, 2, 3]);
    const pages = await Promise.all(
      [1, 2, 3, 2, 3].map((id) => as(channel(id), () => sharedAdminReads.listClients({ take: 25 }))),
    );
    expect(fetched.filter((url) => url.includes("/clients"))).toHaveLength(1);
    for (const page of pages)
      expect(page.results.map((c) => c.id)).toEqual(listClientsFixture.results.map((c) => c.id));

    // A write in process 3 (what afterCall does for createClient): the keeper drops the list.
    channel(3).tell({ op: "invalidate", endpoints: ["listClients"] });
    await as(channel(2), () => sharedAdminReads.listClients({ take: 25 }));
    expect(fetched.filter((url) => url.includes("/clients"))).toHaveLength(2);
  });

  it("reads a webhook's counts once a minute for all processes, whatever the shared reads' TTL", async () => {
    process.env.CONSOLE_SHARED_READ_TTL_MS = "0";
    forgetEnvForTests();
    const { channel } = cluster([1, 2, 3]);
    await elected(channel, [1, 2, 3]);
    answer = () => Response.json(alertEventsFixture);
    const failedCount = { eventTypes: "EIP_155_TX_V1", deliveryStatuses: "failed", since: "1700000000", limit: "1" };
    const eventReads = () => fetched.filter((url) => url.includes("/events")).length;
    // The webhooks list in process 2, then in process 3: one read upstream, kept by the keeper.
    for (const id of [2, 3, 2])
      await as(channel(id), () => sharedAdminReads.webhookEvents("wh-1", failedCount, 60_000));
    expect(eventReads()).toBe(1);
    // A page's own read of the same query is not served the minute-old count (TTL 0: asked again).
    await as(channel(3), () => sharedAdminReads.webhookEvents("wh-1", failedCount));
    expect(eventReads()).toBe(2);
  });

  it("gives the asking process the upstream's own error, as its own kind", async () => {
    const { channel } = cluster([1, 2]);
    await elected(channel, [1, 2]);
    answer = () => Response.json({ message: "Chain not sponsored" }, { status: 404 });
    const failed = await as(channel(2), () => sharedAdminReads.gasUsage("eip155:1")).catch((e: unknown) => e);
    expect(isUpstreamErrorOf(failed, "NotFoundError")).toBe(true);
    expect((failed as Error).message).toMatch(/Not found \(404\).*Chain not sponsored/);
    expect(fetched).toHaveLength(1);
  });

  it("when the keeper ends, the oldest other process keeps, and a caller waiting on the old keeper asks the new one", async () => {
    const { channel, relay, listeners } = cluster([1, 2, 3]);
    await elected(channel, [1, 2, 3]);
    const key = rateLimitKey("custodian", `failover-${Math.random()}`);
    const limit = { limit: 1, windowMs: 400 };
    expect(await as(channel(3), () => sharedRateLimiter(key, limit).admit!("interactive", undefined))).toBeUndefined();
    // The budget is used up: process 3's next call waits at the keeper…
    let reachedKeeper = false;
    const keeperHears = listeners.get(1)!;
    listeners.set(1, (message) => {
      reachedKeeper = true;
      keeperHears(message);
    });
    const waiting = as(channel(3), () => sharedRateLimiter(key, limit).admit!("interactive", undefined));
    await until(() => reachedKeeper, "process 3's call at the keeper");
    // …which dies: it answers nobody again.
    listeners.delete(1);
    relay.remove(1);
    await until(() => relay.keeper === 2 && channel(2).keeps, "process 2 keeping");
    expect(relay.keeper).toBe(2);
    expect(channel(2).keeps).toBe(true);
    // Process 2 holds the budget now; process 3's call is granted by it, not left hanging…
    await expect(waiting).resolves.toBeUndefined();
    // …and not by falling back on a share of its own.
    const limiters = (globalThis as { upstreamRateLimiters?: Map<string, unknown> }).upstreamRateLimiters;
    expect(limiters?.has(key)).toBe(true);
    expect(limiters?.has(`${key}#share`)).toBe(false);
  });

  it("before it knows who keeps, a process uses its own share of the limit, so together they stay within it", async () => {
    // The primary has not answered yet: nothing comes back on this link.
    const alone = new KeeperChannel({ workerId: 3, workers: 3, send: () => undefined, onMessage: () => undefined });
    expect([alone.keeps, alone.asks]).toEqual([false, false]);
    const key = rateLimitKey("custodian", `alone-${Math.random()}`);
    const admits = await Promise.all(
      [0, 1, 2].map(() => as(alone, () => sharedRateLimiter(key, { limit: 6 }).admit!("interactive", 1_000))),
    );
    // 6 a minute among 3 processes: 2 for this one.
    expect(admits.filter((wait) => wait === undefined)).toHaveLength(2);
  });
});
