import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listAlertEventsResponseSchema, listAlertWebhooksResponseSchema, type AlertEvent } from "@/lib/contracts";
import { SLOW_RECEIVER_ERROR } from "@/testing/delivery-timings";
import { FAKE_TOKENS, startTestSandbox, type TestSandbox } from "@/testing/sandbox";
import type { ClientRecord } from "../types";
import { eventViews } from "./event-query";
import type { WebhookPayload } from "./payload";
import type { Webhook } from "./webhooks";

let sb: TestSandbox;
let accepting: Webhook;
let failing: Webhook;
let slow: Webhook;
let client: ClientRecord;

beforeAll(async () => {
  sb = await startTestSandbox({ SANDBOX_SEED_EVENTS: "2000" });
  [accepting, failing, slow] = sb.alerts.webhooks as [Webhook, Webhook, Webhook];
  client = sb.clients.all()[2] as ClientRecord;
});
afterAll(() => sb.close());

const BASE = "/api/v3/custodians/me/alerts/webhooks";
const get = async (path: string) => {
  const res = await sb.admin(path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const events = (webhook: Webhook, query: string) =>
  get(`${BASE}/${webhook.id}/events?eventTypes=EIP_155_TX_V1${query}`);

/** Every event of a webhook, newest first, straight from the store: the oracle the API is checked against. */
function allEvents(webhook: Webhook): AlertEvent[] {
  const store = sb.alerts.store;
  const rows = [...(store.byWebhook[webhook.index]?.view() ?? [])].reverse();
  return eventViews(store, rows);
}

async function walk(webhook: Webhook, query: string, limit: number): Promise<AlertEvent[]> {
  const out: AlertEvent[] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await events(webhook, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(status).toBe(200);
    const page = listAlertEventsResponseSchema.parse(body);
    expect(page.data.length).toBeLessThanOrEqual(limit);
    out.push(...page.data);
    cursor = page.metadata.cursor;
  } while (cursor);
  return out;
}

describe("webhooks", () => {
  it("lists the seeded webhooks with real loopback URLs", async () => {
    const { status, body } = await get(BASE);
    expect(status).toBe(200);
    const { data } = listAlertWebhooksResponseSchema.parse(body);
    expect(data).toHaveLength(3);
    for (const w of data) {
      expect(w).toMatchObject({ events: ["EIP_155_TX_V1"], autoAddNewAddresses: true });
      expect(w.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/(accepting|failing|slow)$/);
    }
  });

  it("404s events of an unknown webhook", async () => {
    const res = await get(`${BASE}/cnope/events?eventTypes=EIP_155_TX_V1`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Alert webhook cnope not found" });
  });
});

describe("event list", () => {
  it("returns the envelope with newest events first and default limit 100", async () => {
    const { status, body } = await events(accepting, "");
    expect(status).toBe(200);
    const page = listAlertEventsResponseSchema.parse(body);
    const oracle = allEvents(accepting);
    expect(page.data).toEqual(oracle.slice(0, 100));
    expect(page.metadata).toEqual({
      alertWebhook: { id: accepting.id, url: accepting.url },
      cursor: oracle[99]?.id,
      limit: 100,
      total: oracle.length,
    });
    for (const e of page.data) {
      expect(e.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(e.confirmed).toBe(e.deliveryStatus === "success" ? 1 : null);
      expect(typeof e.blockNumber).toBe("number");
    }
  });

  it("walks all events with the cursor, no skip or repeat", async () => {
    const walked = await walk(failing, "", 37);
    expect(walked).toEqual(allEvents(failing));
  });

  it("keeps a cursor walk stable while new events arrive", async () => {
    const first = listAlertEventsResponseSchema.parse((await events(accepting, "&limit=50")).body);
    const expected = allEvents(accepting).slice(50, 100);
    sb.chains.emit({
      chainId: "eip155:11155111",
      blockNumber: 3,
      transactionHash: `0x${"ab".repeat(32)}`,
      from: client.namespaces.eip155?.address as `0x${string}`,
      to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      rawAmount: 5n,
    });
    await sb.alerts.whenIdle();
    const second = listAlertEventsResponseSchema.parse(
      (await events(accepting, `&limit=50&cursor=${first.metadata.cursor}`)).body,
    );
    expect(second.data.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(second.metadata.total).toBe(first.metadata.total + 1);
  });

  const pick = () => {
    const oracle = allEvents(accepting);
    const sample = oracle[Math.floor(oracle.length / 3)] as AlertEvent;
    return { oracle, sample };
  };

  it.each<[string, () => [string, (e: AlertEvent) => boolean]]>([
    ["deliveryStatuses=failed", () => ["&deliveryStatuses=failed", (e) => e.deliveryStatus === "failed"]],
    [
      "deliveryStatuses=success,pending",
      () => ["&deliveryStatuses=success,pending", (e) => e.deliveryStatus !== "failed"],
    ],
    [
      "chainIds",
      () => ["&chainIds=eip155:1,eip155%3A8453", (e) => e.chainId === "eip155:1" || e.chainId === "eip155:8453"],
    ],
    [
      "since/until",
      () => {
        const { sample } = pick();
        const since = Math.floor(Date.parse(sample.createdAt) / 1000) - 86_400;
        const until = since + 2 * 86_400;
        return [
          `&since=${since}&until=${until}`,
          (e) => Date.parse(e.createdAt) >= since * 1000 && Date.parse(e.createdAt) < until * 1000,
        ];
      },
    ],
    [
      "blockNumbers",
      () => {
        const { oracle, sample } = pick();
        const other = oracle[10] as AlertEvent;
        return [
          `&blockNumbers=${sample.blockNumber},${other.blockNumber}`,
          (e) => e.blockNumber === sample.blockNumber || e.blockNumber === other.blockNumber,
        ];
      },
    ],
    [
      "transactionHash",
      () => {
        const { sample } = pick();
        const hash = sample.transactionHashes[0] as string;
        return [
          `&transactionHash=${hash.toUpperCase().replace("0X", "0x")}`,
          (e) => e.transactionHashes.includes(hash),
        ];
      },
    ],
    [
      "everything combined",
      () => {
        const { sample } = pick();
        const since = Math.floor(Date.parse(sample.createdAt) / 1000) - 20 * 86_400;
        return [
          `&deliveryStatuses=success,failed&chainIds=eip155:11155111,eip155:1&since=${since}&until=${since + 30 * 86_400}`,
          (e) =>
            e.deliveryStatus !== "pending" &&
            ["eip155:11155111", "eip155:1"].includes(e.chainId) &&
            Date.parse(e.createdAt) >= since * 1000 &&
            Date.parse(e.createdAt) < (since + 30 * 86_400) * 1000,
        ];
      },
    ],
  ])("filters by %s, with totals and cursor paging", async (_name, make) => {
    const [query, predicate] = make();
    const expected = allEvents(accepting).filter(predicate);
    expect(expected.length).toBeGreaterThan(0);
    const first = listAlertEventsResponseSchema.parse((await events(accepting, `${query}&limit=25`)).body);
    expect(first.metadata.total).toBe(expected.length);
    expect(await walk(accepting, query, 25)).toEqual(expected);
  });

  it("matches nothing for a well-formed chain or hash it has never seen", async () => {
    for (const q of ["&chainIds=eip155:424242", `&transactionHash=0x${"0".repeat(64)}`, "&blockNumbers=1"]) {
      const { body } = await events(accepting, q);
      expect(body).toMatchObject({ data: [], metadata: { cursor: null, total: 0 } });
    }
  });

  it.each([
    ["", "eventTypes"],
    ["?eventTypes=SOLANA_TX_V1", "eventTypes"],
    ["?eventTypes=EIP_155_TX_V1&deliveryStatuses=done", "deliveryStatuses"],
    ["?eventTypes=EIP_155_TX_V1&since=yesterday", "since"],
    ["?eventTypes=EIP_155_TX_V1&until=-5", "until"],
    ["?eventTypes=EIP_155_TX_V1&limit=0", "limit"],
    ["?eventTypes=EIP_155_TX_V1&limit=1001", "limit"],
    ["?eventTypes=EIP_155_TX_V1&limit=ten", "limit"],
    ["?eventTypes=EIP_155_TX_V1&transactionHash=0x1234", "transactionHash"],
    ["?eventTypes=EIP_155_TX_V1&blockNumbers=12,abc", "blockNumbers"],
    ["?eventTypes=EIP_155_TX_V1&chainIds=ethereum", "chainIds"],
    ["?eventTypes=EIP_155_TX_V1&cursor=not-an-event", "cursor"],
  ])("400s %s naming %s", async (query, parameter) => {
    const res = await get(`${BASE}/${accepting.id}/events${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(new RegExp(`^${parameter}(\\.\\d+)?: `));
  });

  it("400s a cursor that is another webhook's event", async () => {
    const foreign = allEvents(failing)[0]?.id;
    const res = await events(accepting, `&cursor=${foreign}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`cursor: ${foreign} is not an event of this webhook`);
  });
});

describe("delivery", () => {
  it("creates an event per webhook for a transfer touching a client wallet and delivers it for real", async () => {
    const before = sb.receivers.received.length;
    const to = client.namespaces.eip155?.address as `0x${string}`;
    const hash = `0x${"cd".repeat(32)}` as const;
    sb.chains.emit({
      chainId: "eip155:84532",
      blockNumber: 42,
      transactionHash: hash,
      from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      to,
      rawAmount: 1_500_000n,
      token: FAKE_TOKENS[0],
    });
    // Unrelated transfers raise nothing.
    sb.chains.emit({
      chainId: "eip155:84532",
      blockNumber: 42,
      transactionHash: `0x${"ef".repeat(32)}`,
      from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      to: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      rawAmount: 1n,
    });
    await sb.alerts.whenIdle();

    const outcome = async (w: Webhook) =>
      listAlertEventsResponseSchema.parse((await events(w, `&transactionHash=${hash}`)).body).data;
    const [ok] = await outcome(accepting);
    expect(ok).toMatchObject({
      chainId: "eip155:84532",
      blockNumber: 42,
      transactionHashes: [hash],
      deliveryStatus: "success",
      retries: 0,
      errorMessage: null,
      // The listing's `confirmed` says the delivery succeeded; the payload says which alert this is.
      confirmed: 1,
    });
    const [bad] = await outcome(failing);
    expect(bad).toMatchObject({
      deliveryStatus: "failed",
      retries: 0,
      errorMessage: "Request failed with status code 500",
      confirmed: null,
    });
    const [late] = await outcome(slow);
    expect(late).toMatchObject({ deliveryStatus: "failed", errorMessage: SLOW_RECEIVER_ERROR });

    const got = sb.receivers.received.slice(before).find((d) => d.role === "accepting");
    expect(got?.secret).toBe(accepting.secret);
    const payload = got?.body as WebhookPayload;
    expect(payload).toMatchObject({
      type: "EIP_155_TX_V1",
      metadata: { custodianId: sb.profile.custodian.id, environmentId: sb.profile.environment.id },
    });
    expect(payload.data).toEqual([
      expect.objectContaining({
        from: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
        to: to.toLowerCase(),
        amount: "1.5",
        chainId: "eip155:84532",
        chainName: "base-sepolia",
        assetType: "NON_NATIVE_TOKEN",
        direction: "INBOUND",
        tokenSymbol: "USDC",
        metadata: expect.objectContaining({
          rawAmount: "1500000",
          tokenDecimals: 6,
          transactionHash: hash,
          blockNumber: "42",
          confirmed: false,
          fee: expect.objectContaining({ rawAmount: String(21_000n * 1_000_000_000n), tokenSymbol: "ETH" }),
        }),
      }),
    ]);
  });

  it("shows pending while a delivery is in flight", async () => {
    const hash = `0x${"12".repeat(32)}` as const;
    sb.chains.emit({
      chainId: "eip155:11155111",
      blockNumber: 7,
      transactionHash: hash,
      from: client.namespaces.eip155?.address as `0x${string}`,
      to: client.namespaces.eip155?.address as `0x${string}`,
      rawAmount: 1n,
    });
    // The event is listed as soon as it is recorded, and stays pending while the slow receiver holds it.
    await vi.waitFor(async () => {
      const [inFlight] = listAlertEventsResponseSchema.parse(
        (await events(slow, `&transactionHash=${hash}`)).body,
      ).data;
      expect(inFlight?.deliveryStatus).toBe("pending");
    });
    await sb.alerts.whenIdle();
    // A transfer between two client wallets carries both directions.
    const last = sb.receivers.received.filter((d) => d.role === "accepting").at(-1)?.body as WebhookPayload;
    expect(last.data.map((d) => d.direction)).toEqual(["OUTBOUND", "INBOUND"]);
  });
});

describe("replay", () => {
  const replay = (w: Webhook, eventIds: unknown) =>
    sb.admin(`${BASE}/${w.id}/events/failed/replay`, { method: "POST", body: JSON.stringify({ eventIds }) });

  it("re-delivers failed events for real; others come back in failed", async () => {
    const failedEvents = allEvents(failing)
      .filter((e) => e.deliveryStatus === "failed")
      .slice(0, 2);
    const succeeded = allEvents(failing).find((e) => e.deliveryStatus === "success");
    const pending = allEvents(failing).find((e) => e.deliveryStatus === "pending");
    const foreign = allEvents(accepting).find((e) => e.deliveryStatus === "failed");
    const ids = [
      ...failedEvents.map((e) => e.id),
      succeeded?.id,
      pending?.id,
      foreign?.id,
      "00000000-0000-4000-8000-000000000000",
    ].filter(Boolean);
    const before = sb.receivers.received.filter((d) => d.role === "failing").length;
    const res = await replay(failing, ids);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { replaying: failedEvents.map((e) => e.id), failed: ids.slice(2) } });
    await sb.alerts.whenIdle();
    expect(sb.receivers.received.filter((d) => d.role === "failing").length - before).toBe(2);
    const after = allEvents(failing).filter((e) => failedEvents.some((f) => f.id === e.id));
    for (const e of after) {
      const original = failedEvents.find((f) => f.id === e.id) as AlertEvent;
      expect(e).toMatchObject({
        deliveryStatus: "failed",
        retries: original.retries + 1,
        errorMessage: "Request failed with status code 500",
      });
      expect(Date.parse(e.updatedAt)).toBeGreaterThan(Date.parse(original.updatedAt));
    }
  });

  it("turns a replayed event into success on a receiver that accepts, after which it cannot be replayed again", async () => {
    const target = allEvents(accepting).find((e) => e.deliveryStatus === "failed") as AlertEvent;
    expect(await (await replay(accepting, [target.id])).json()).toEqual({
      data: { replaying: [target.id], failed: [] },
    });
    // The event is pending at once, so the same id twice in a row cannot start two deliveries.
    expect(await (await replay(accepting, [target.id])).json()).toEqual({
      data: { replaying: [], failed: [target.id] },
    });
    await sb.alerts.whenIdle();
    const now = allEvents(accepting).find((e) => e.id === target.id);
    expect(now).toMatchObject({
      deliveryStatus: "success",
      retries: target.retries + 1,
      errorMessage: null,
      confirmed: 1,
    });
    const delivered = sb.receivers.received.filter((d) => d.role === "accepting").at(-1)?.body as WebhookPayload;
    expect(delivered.data[0]?.metadata.transactionHash).toBe(target.transactionHashes[0]);
    expect(await (await replay(accepting, [target.id])).json()).toEqual({
      data: { replaying: [], failed: [target.id] },
    });
  });

  it.each([[undefined], [[]], ["abc"], [[1, 2]]])("400s eventIds %j", async (eventIds) => {
    const res = await replay(failing, eventIds);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^eventIds/);
  });
});
