/**
 * Conformance: alert webhooks. The webhook list; the event list with every filter of the spec (and a
 * 400 for each bad value), cursor paging; replay of failed events (re-delivered for real, the others
 * returned in `failed`); a transfer on the chain producing an EIP_155_TX_V1 event that is delivered;
 * and the deprecated retry-by-block-number (204, re-delivers).
 */
import { type Hex, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlertEvent, AlertWebhook, ListAlertEventsQuery } from "@/lib/contracts";
import {
  badRequest,
  createWalletClient,
  DESTRUCTIVE,
  eventually,
  rejection,
  SANDBOX,
  startUpstream,
  type Upstream,
} from "@/testing/conformance/harness";
import { SLOW_RECEIVER_ERROR } from "@/testing/delivery-timings";
import { UpstreamError } from "../errors";

const TYPES = { eventTypes: "EIP_155_TX_V1" } as const;
/** Sends need funded wallets: the sandbox's faucet funds every new wallet; a real upstream does not. */
const FUNDED = SANDBOX;

let up: Upstream;
let webhooks: AlertWebhook[];
/** The sandbox's accepting / failing / slow webhooks; against a real upstream the first one plays every role it can. */
let accepting: AlertWebhook | undefined;
let failing: AlertWebhook | undefined;
let slow: AlertWebhook | undefined;

beforeAll(async () => {
  up = await startUpstream();
  webhooks = (await up.admin.alerts.webhooks.list()).data;
  const byRole = (role: string) => webhooks.find((w) => w.url.endsWith(`/webhooks/${role}`));
  accepting = SANDBOX ? byRole("accepting") : webhooks[0];
  failing = SANDBOX ? byRole("failing") : undefined;
  slow = SANDBOX ? byRole("slow") : undefined;
});
afterAll(() => up?.close());

const required = (webhook: AlertWebhook | undefined): AlertWebhook => {
  if (!webhook) throw new Error("the upstream has no alert webhook to test");
  return webhook;
};
const events = (webhook: AlertWebhook | undefined, query: Omit<ListAlertEventsQuery, "eventTypes"> = {}) =>
  up.admin.alerts.webhooks.events(required(webhook).id, { ...TYPES, ...query });

/** Every event of a filtered list, walked with the cursor. */
async function walk(
  webhook: AlertWebhook | undefined,
  query: Omit<ListAlertEventsQuery, "eventTypes">,
  maxPages = 100,
): Promise<AlertEvent[]> {
  const all: AlertEvent[] = [];
  let pages = 0;
  for await (const page of up.admin.alerts.webhooks.eventPages(required(webhook).id, { ...TYPES, ...query })) {
    all.push(...page.data);
    if (++pages > maxPages) throw new Error(`more than ${maxPages} pages`);
  }
  return all;
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const newestFirst = (list: AlertEvent[]) =>
  list.every((e, i) => i === 0 || Date.parse(e.createdAt) <= Date.parse((list[i - 1] as AlertEvent).createdAt));

/** The one event of a webhook for a transaction hash, once `ready` holds for it. */
const eventFor = (webhook: AlertWebhook | undefined, hash: string, ready: (e: AlertEvent) => boolean, what: string) =>
  eventually(what, async () => (await events(webhook, { transactionHash: hash })).data.find(ready), {
    timeoutMs: 15_000,
  });

describe("GET /api/v3/custodians/me/alerts/webhooks", () => {
  it("lists the custodian's webhooks with their events and settings", () => {
    expect(webhooks.length, "the upstream needs an alert webhook").toBeGreaterThan(0);
    for (const w of webhooks) {
      expect(w.events).toContain("EIP_155_TX_V1");
      expect(typeof w.autoAddNewAddresses).toBe("boolean");
      expect(Date.parse(w.updatedAt)).toBeGreaterThanOrEqual(Date.parse(w.createdAt));
    }
  });

  it.skipIf(!SANDBOX)(
    "has the three seeded webhooks: accepting, failing and slow receivers on loopback (sandbox)",
    () => {
      expect(webhooks).toHaveLength(3);
      for (const w of [accepting, failing, slow])
        expect(w?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/(accepting|failing|slow)$/);
    },
  );
});

describe("GET .../alerts/webhooks/{alertWebhookId}/events", () => {
  it("returns the newest 100 by default, with the webhook, cursor, limit and total", async () => {
    const page = await events(accepting);
    expect(page.metadata.alertWebhook).toMatchObject({ id: required(accepting).id, url: required(accepting).url });
    expect(page.metadata.limit).toBe(100);
    expect(page.data.length).toBe(Math.min(100, page.metadata.total));
    expect(newestFirst(page.data)).toBe(true);
    expect(page.data.length, "the webhook needs events").toBeGreaterThan(0);
    for (const e of page.data) expect(e.type).toBe("EIP_155_TX_V1");
    if (page.metadata.total > 100) expect(page.metadata.cursor).toBe(page.data.at(-1)?.id);
    if (SANDBOX) expect(page.metadata.total).toBeGreaterThan(3_500);
  });

  it("filters by delivery status, one or several", async () => {
    const all = await events(accepting, { limit: 1 });
    const failed = await events(accepting, { deliveryStatuses: "failed" });
    expect(failed.data.length, "the webhook needs failed events to filter").toBeGreaterThan(0);
    for (const e of failed.data) {
      expect(e.deliveryStatus).toBe("failed");
      expect(e.confirmed).toBeNull();
    }
    const successOrPending = await events(accepting, { deliveryStatuses: ["success", "pending"], limit: 200 });
    const delivered = successOrPending.data.filter((x) => x.deliveryStatus === "success");
    expect(delivered.length, "the webhook needs delivered events to filter").toBeGreaterThan(0);
    for (const e of successOrPending.data) expect(["success", "pending"]).toContain(e.deliveryStatus);
    for (const e of delivered) expect(e.confirmed).toBe(1);
    const pending = await events(accepting, { deliveryStatuses: "pending", limit: 1 });
    const success = await events(accepting, { deliveryStatuses: "success", limit: 1 });
    const sum = failed.metadata.total + success.metadata.total + pending.metadata.total;
    // Every event has one of the three statuses. On this file's own sandbox nothing moves between the reads;
    // a shared upstream may add events or finish deliveries meanwhile.
    if (SANDBOX) expect(sum).toBe(all.metadata.total);
    else expect(sum).toBeGreaterThan(0);
    if (SANDBOX) expect(failed.metadata.total).toBeGreaterThan(0);
  });

  it("filters by a since/until window: since inclusive, until exclusive, in unix seconds", async () => {
    const recent = await events(accepting, { limit: 1000 });
    expect(recent.data.length, "the window is cut from the newest 600 events").toBeGreaterThanOrEqual(600);
    const since = seconds((recent.data[500] as AlertEvent).createdAt);
    const until = seconds((recent.data[100] as AlertEvent).createdAt);
    const expected = recent.data.filter(
      (e) => Date.parse(e.createdAt) >= since * 1000 && Date.parse(e.createdAt) < until * 1000,
    );
    expect(expected.length, "the window must hold events").toBeGreaterThan(0);
    const windowed = await walk(accepting, { since, until, limit: 150 });
    expect(windowed.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect((await events(accepting, { since, until, limit: 1 })).metadata.total).toBe(expected.length);
  });

  it("filters by chain ids, and combines status, chains and a time window", async () => {
    const chainIds = ["eip155:11155111", "eip155:1"];
    const onChains = await events(accepting, { chainIds, limit: 300 });
    expect(onChains.data.length, "the webhook needs events on these chains").toBeGreaterThan(0);
    for (const e of onChains.data) expect(chainIds).toContain(e.chainId);
    const until = Math.floor(Date.now() / 1000) + 60;
    const since = until - 30 * 86_400;
    const combined = await walk(accepting, { deliveryStatuses: "failed", chainIds, since, until, limit: 100 });
    expect(combined.length, "the webhook needs failed events on these chains in the last 30 days").toBeGreaterThan(0);
    for (const e of combined) {
      expect(e.deliveryStatus).toBe("failed");
      expect(chainIds).toContain(e.chainId);
      expect(Date.parse(e.createdAt)).toBeGreaterThanOrEqual(since * 1000);
    }
    // A well-formed chain id no event is on matches nothing.
    expect((await events(accepting, { chainIds: "eip155:999999" })).metadata.total).toBe(0);
  });

  it("filters by transaction hash and by block numbers", async () => {
    const sample = (await events(accepting, { limit: 50 })).data;
    expect(sample.length, "the webhook needs 41 events to sample").toBeGreaterThan(40);
    const [first, second] = [sample[3] as AlertEvent, sample[40] as AlertEvent];
    const hash = first.transactionHashes[0] as string;
    const byHash = await events(accepting, { transactionHash: hash });
    expect(byHash.data.map((e) => e.id)).toContain(first.id);
    for (const e of byHash.data) expect(e.transactionHashes.map((h) => h.toLowerCase())).toContain(hash.toLowerCase());
    if (SANDBOX)
      expect(
        (await events(accepting, { transactionHash: hash.toUpperCase().replace(/^0X/, "0x") })).data.map((e) => e.id),
      ).toContain(first.id);

    const blocks = [first.blockNumber, second.blockNumber];
    const blockList = blocks.map(String);
    const byBlocks = await walk(accepting, { blockNumbers: blockList });
    expect(byBlocks.map((e) => e.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    for (const e of byBlocks) expect(blocks).toContain(e.blockNumber);
  });

  it("pages with the cursor: no event skipped or repeated, newest first", async () => {
    const query = { deliveryStatuses: "failed" as const };
    const total = (await events(accepting, { ...query, limit: 1 })).metadata.total;
    const walked = await walk(accepting, { ...query, limit: 25 });
    expect(walked.length).toBe(total);
    expect(new Set(walked.map((e) => e.id)).size).toBe(walked.length);
    expect(newestFirst(walked)).toBe(true);
    if (total <= 1000)
      expect(walked.map((e) => e.id)).toEqual(
        (await events(accepting, { ...query, limit: 1000 })).data.map((e) => e.id),
      );
    const [second] = (await events(accepting, { ...query, limit: 1, cursor: walked[0]?.id })).data;
    if (walked.length > 1) expect(second?.id).toBe(walked[1]?.id);
  });

  it.each([
    ["no eventTypes", { eventTypes: undefined }, /eventTypes/],
    ["an unknown event type", { eventTypes: "SOMETHING_V9" }, /eventTypes/],
    ["an unknown delivery status", { deliveryStatuses: "delivered" }, /deliveryStatuses/],
    ["since as a date", { since: "2024-01-01" }, /since/],
    ["a negative until", { until: -5 }, /until/],
    ["a fractional since", { since: 1.5 }, /since/],
    ["limit 0", { limit: 0 }, /limit/],
    ["a limit that is not a number", { limit: "many" }, /limit/],
    ["a transaction hash that is not 32 bytes", { transactionHash: "0x1234" }, /transactionHash/],
    ["block numbers that are not numbers", { blockNumbers: "12a,13" }, /blockNumbers/],
    ["a chain id that is not CAIP-2", { chainIds: "sepolia" }, /chainIds/],
  ] as const)("answers %s with 400", async (_label, change, message) => {
    const query = { ...TYPES, ...change };
    await badRequest(
      up.admin.alerts.webhooks.events(required(accepting).id, query as ListAlertEventsQuery, { validateInput: false }),
      message,
    );
  });

  it.skipIf(!SANDBOX)(
    "caps limit at 1000 and refuses a cursor that is not an event of this webhook (sandbox)",
    async () => {
      expect((await events(accepting, { limit: 1000 })).data).toHaveLength(1000);
      await badRequest(
        up.admin.alerts.webhooks.events(required(accepting).id, { ...TYPES, limit: 1001 }, { validateInput: false }),
        /limit/,
      );
      const otherWebhooksEvent = (await events(failing, { limit: 1 })).data[0]?.id as string;
      await badRequest(events(accepting, { cursor: otherWebhooksEvent }), /cursor/);
    },
  );

  it("refuses an unknown webhook", async () => {
    const error = await rejection(up.admin.alerts.webhooks.events("whk0nowebhookwiththisid00", TYPES), UpstreamError);
    expect([400, 404]).toContain(error.status);
  });
});

describe.skipIf(!DESTRUCTIVE)("POST .../alerts/webhooks/{alertWebhookId}/events/failed/replay", () => {
  it("re-delivers failed events for real (accepting receiver → success) and returns the others in `failed`", async () => {
    const failedEvents = (await events(accepting, { deliveryStatuses: "failed", limit: 2 })).data;
    const successful = (await events(accepting, { deliveryStatuses: "success", limit: 1 })).data[0];
    expect(failedEvents, "the webhook needs two failed events to replay").toHaveLength(2);
    if (!successful) throw new Error("the webhook needs a delivered event to replay");
    const unknown = "00000000-0000-4000-8000-000000000000";
    const others = [
      successful.id,
      unknown,
      ...(failing ? [(await events(failing, { deliveryStatuses: "failed", limit: 1 })).data[0]?.id as string] : []),
    ];
    const ids = failedEvents.map((e) => e.id);

    const result = await up.admin.alerts.webhooks.replay(required(accepting).id, { eventIds: [...ids, ...others] });
    expect(result.data.replaying.sort()).toEqual([...ids].sort());
    expect(result.data.failed.sort()).toEqual([...others].sort());

    for (const before of failedEvents) {
      const after = await eventFor(
        accepting,
        before.transactionHashes[0] as string,
        (e) => e.id === before.id && e.deliveryStatus === "success",
        `replayed event ${before.id} delivered`,
      );
      expect(after.retries).toBe(before.retries + 1);
      expect(after.errorMessage).toBeNull();
      expect(after.confirmed).toBe(1);
      expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    }
    // Delivered now, so no longer replayable.
    const again = await up.admin.alerts.webhooks.replay(required(accepting).id, { eventIds: [ids[0] as string] });
    expect(again.data).toEqual({ replaying: [], failed: [ids[0]] });
  });

  it.skipIf(!SANDBOX)("re-delivers to a failing receiver: failed again, one more retry (sandbox)", async () => {
    const [before] = (await events(failing, { deliveryStatuses: "failed", limit: 1 })).data;
    if (!before) throw new Error("no failed event on the failing webhook");
    const result = await up.admin.alerts.webhooks.replay(required(failing).id, { eventIds: [before.id] });
    expect(result.data.replaying).toEqual([before.id]);
    const after = await eventFor(
      failing,
      before.transactionHashes[0] as string,
      (e) => e.id === before.id && e.deliveryStatus === "failed" && e.retries === before.retries + 1,
      "the replay's outcome",
    );
    expect(after.errorMessage).toBe("Request failed with status code 500");
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  });

  it("answers an empty or missing eventIds with 400", async () => {
    await badRequest(
      up.admin.alerts.webhooks.replay(required(accepting).id, { eventIds: [] }, { validateInput: false }),
      /eventIds/,
    );
    await badRequest(
      up.admin.alerts.webhooks.replay(required(accepting).id, {} as never, { validateInput: false }),
      /eventIds/,
    );
  });
});

describe.skipIf(!(DESTRUCTIVE && FUNDED))("a transfer on the chain", () => {
  let hash: Hex;
  let blockNumber: number;

  beforeAll(async () => {
    const sender = await createWalletClient(up);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const sent = await sender.mpc.assetsSend({
      share: sender.shares.SECP256K1.share,
      chain: "sepolia",
      to,
      token: "USDC",
      amount: "5",
      rpcUrl: up.rpcUrl("eip155:11155111"),
    });
    hash = sent.transactionHash as Hex;
    const receipt = await eventually("the receipt", () =>
      up
        .chain("eip155:11155111")
        .getTransactionReceipt({ hash })
        .catch(() => undefined),
    );
    blockNumber = Number(receipt.blockNumber);
  });

  it("produces an EIP_155_TX_V1 event per webhook: delivered to the accepting one, failed on the failing and slow ones", async () => {
    const delivered = await eventFor(
      accepting,
      hash,
      (e) => e.deliveryStatus === "success",
      "delivery to the accepting webhook",
    );
    expect(delivered).toMatchObject({
      type: "EIP_155_TX_V1",
      chainId: "eip155:11155111",
      blockNumber,
      transactionHashes: [hash],
      retries: 0,
      errorMessage: null,
      confirmed: 1,
    });
    const refused = await eventFor(
      failing,
      hash,
      (e) => e.deliveryStatus === "failed",
      "the failing webhook's outcome",
    );
    expect(refused).toMatchObject({
      errorMessage: "Request failed with status code 500",
      confirmed: null,
      blockNumber,
    });
    const late = await eventFor(slow, hash, (e) => e.deliveryStatus === "failed", "the slow webhook's outcome");
    expect(late.errorMessage).toBe(SLOW_RECEIVER_ERROR);
  });

  it("raises one event per webhook for a transfer between two clients, holding both sides (sandbox)", async () => {
    const [from, to] = await Promise.all([createWalletClient(up), createWalletClient(up)]);
    const sent = await from.mpc.assetsSend({
      share: from.shares.SECP256K1.share,
      chain: "sepolia",
      to: to.address,
      token: "NATIVE",
      amount: "0.01",
      rpcUrl: up.rpcUrl("eip155:11155111"),
    });
    for (const webhook of [accepting, failing, slow]) {
      await eventFor(webhook, sent.transactionHash, (e) => e.deliveryStatus !== "pending", "the delivery outcome");
      expect((await events(webhook, { transactionHash: sent.transactionHash })).data).toHaveLength(1);
    }
    const delivery = up.sandbox?.sandbox.receivers.received.find(
      (r) =>
        r.role === "accepting" &&
        (r.body as { data?: { metadata?: { transactionHash?: string } }[] }).data?.[0]?.metadata?.transactionHash ===
          sent.transactionHash,
    );
    const items = (delivery?.body as { data: { direction: string; from: string; to: string }[] }).data;
    expect(items.map((t) => t.direction).sort()).toEqual(["INBOUND", "OUTBOUND"]);
    for (const t of items) expect([t.from, t.to]).toEqual([from.address.toLowerCase(), to.address.toLowerCase()]);
  });

  it("POSTs the transfer to the receiver with X-WEBHOOK-SECRET (sandbox)", () => {
    const received = up.sandbox?.sandbox.receivers.received.filter(
      (r) =>
        r.role === "accepting" &&
        (r.body as { data?: { metadata?: { transactionHash?: string } }[] }).data?.some(
          (t) => t.metadata?.transactionHash === hash,
        ),
    );
    expect(received?.length).toBeGreaterThan(0);
    const delivery = received?.[0];
    expect(delivery?.secret).toMatch(/^whsec_/);
    const body = delivery?.body as {
      type: string;
      data: {
        direction: string;
        amount: string;
        tokenSymbol: string;
        metadata: { rawAmount: string; blockNumber: string };
      }[];
    };
    expect(body.type).toBe("EIP_155_TX_V1");
    expect(body.data[0]).toMatchObject({
      direction: "OUTBOUND",
      amount: "5",
      tokenSymbol: "USDC",
      metadata: { rawAmount: parseUnits("5", 6).toString(), blockNumber: String(blockNumber) },
    });
  });

  it("POST .../alerts/retry-by-block-number answers 204 and re-delivers that block's events", async () => {
    await eventFor(accepting, hash, (e) => e.deliveryStatus === "success", "the first delivery");
    await eventFor(slow, hash, (e) => e.deliveryStatus === "failed", "the slow webhook's first outcome");
    const response = await up.admin.alerts
      .retryByBlockNumber({ chainReferenceId: "11155111", blockNumber, streamId: "conformance-stream" })
      .withResponse();
    expect(response.status).toBe(204);
    expect(response.data).toBeUndefined();
    const redelivered = await eventFor(
      accepting,
      hash,
      (e) => e.retries === 1 && e.deliveryStatus === "success",
      "the re-delivery",
    );
    expect(redelivered.blockNumber).toBe(blockNumber);
    await eventFor(
      failing,
      hash,
      (e) => e.retries === 1 && e.deliveryStatus === "failed",
      "the failing webhook's re-delivery",
    );
  });
});

describe("POST .../alerts/retry-by-block-number (deprecated): input", () => {
  it.skipIf(!DESTRUCTIVE)("answers 204 for a block without events", async () => {
    const response = await up.admin.alerts
      .retryByBlockNumber({ chainReferenceId: "11155111", blockNumber: 999_999_999, streamId: "conformance-stream" })
      .withResponse();
    expect(response.status).toBe(204);
  });

  it.each([
    [
      "a CAIP-2 id as chainReferenceId",
      { chainReferenceId: "eip155:1", blockNumber: 1, streamId: "s" },
      /chainReferenceId/,
    ],
    ["a negative block number", { chainReferenceId: "1", blockNumber: -1, streamId: "s" }, /blockNumber/],
    ["a block number as a string", { chainReferenceId: "1", blockNumber: "12", streamId: "s" }, /blockNumber/],
    ["no streamId", { chainReferenceId: "1", blockNumber: 1 }, /streamId/],
  ] as const)("answers %s with 400", async (_label, body, message) => {
    await badRequest(up.admin.alerts.retryByBlockNumber(body as never, { validateInput: false }), message);
  });
});
