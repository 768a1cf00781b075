/**
 * Conformance of the alert deliveries the real service documents (api-shapes.md §1.11) and the
 * sandbox README (26–28): two alerts per EVM transfer, unconfirmed then confirmed after the chain's
 * depth; orphans a reorganisation leaves; automatic retries 1 min, 10 min, 1 h, 2 h, 6 h, 12 h and
 * 24 h after the attempt before, then dropped. The expected numbers are the documentation's, written
 * out here, not read from the code.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeChainRegistry } from "@/testing/sandbox";
import type { ClientStore } from "../state/client-store";
import { AlertService } from "./alert-service";
import { eventViews } from "./event-query";
import { EventStore } from "./event-store";
import { EventJournal } from "./journal";
import type { WebhookPayload } from "./payload";
import type { Webhook } from "./webhooks";

const MINUTE = 60_000;
/** The documented waits, in minutes, before retries 1 to 7. */
const DOCUMENTED_WAITS_MIN = [1, 10, 60, 120, 360, 720, 1440];

const CLIENT = "0x1111111111111111111111111111111111111111";
const OTHER = "0x2222222222222222222222222222222222222222";
const HASH = `0x${"ab".repeat(32)}` as const;

interface Scripted {
  url: string;
  hits: { at: number; body: WebhookPayload }[];
  close(): Promise<void>;
}

/** A webhook receiver answering each POST with the next scripted status (the last one repeats). */
async function receiver(statuses: number[]): Promise<Scripted> {
  const hits: Scripted["hits"] = [];
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (c: Buffer) => (text += c.toString("utf8")));
    req.on("end", () => {
      hits.push({ at: Date.now(), body: JSON.parse(text) as WebhookPayload });
      res.writeHead(statuses[Math.min(hits.length - 1, statuses.length - 1)] as number).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    hits,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function service(
  url: string,
  options: {
    retryScale?: number;
    confirmationMs?: number;
    reorgRate?: number;
    journalFile?: string;
    chains?: FakeChainRegistry;
  } = {},
) {
  const events = new EventStore("schedule-test", 1);
  const webhook: Webhook = {
    index: 0,
    id: "webhook-1",
    role: "accepting",
    url,
    secret: "whsec_test",
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
  };
  const { journal, contents } = await EventJournal.open(options.journalFile, {
    seed: "schedule-test",
    count: 0,
    anchorMs: 0,
  });
  const chains = options.chains ?? new FakeChainRegistry();
  const clients = { clientIdByEvmAddress: (a: string) => (a.toLowerCase() === CLIENT ? "client-1" : undefined) };
  const alerts = new AlertService({
    events,
    webhooks: [webhook],
    journal,
    clients: clients as unknown as ClientStore,
    profile: {
      custodian: { id: "custodian-1", name: "Custodian" },
      environment: { id: "environment-1", name: "Test", backupWithPortalEnabled: true },
    },
    chains,
    seed: "schedule-test",
    seededWallets: [],
    deliveryTimeoutMs: 2_000,
    retryScale: options.retryScale ?? 0,
    confirmationMs: options.confirmationMs ?? 3_600_000,
    reorgRate: options.reorgRate ?? 0,
    random: () => 0,
  });
  alerts.restore(contents);
  cleanups.push(async () => {
    alerts.stop();
    await alerts.whenIdle();
    await journal.flush();
  });
  const list = () => eventViews(events, [...(events.byWebhook[0]?.view() ?? [])]);
  return { alerts, events, chains, journal, list };
}

const transfer = (blockNumber = 42, chainId = "eip155:84532") => ({
  chainId,
  blockNumber,
  transactionHash: HASH,
  from: OTHER as `0x${string}`,
  to: CLIENT as `0x${string}`,
  rawAmount: 5n * 10n ** 17n,
});

describe("automatic retries", () => {
  it("follow the documented waits after each failed attempt, and stop after the seventh (dropped)", async () => {
    const rx = await receiver([500]);
    cleanups.push(rx.close);
    const scale = 0.00002; // 1 min → 1.2 ms … 24 h → 1.7 s
    const { alerts, list } = await service(rx.url, { retryScale: scale });
    await alerts.recordTransfer(transfer());
    await vi.waitFor(() => expect(list()[0]).toMatchObject({ deliveryStatus: "failed", retries: 7 }), {
      timeout: 15_000,
    });
    await alerts.whenIdle();
    const [event] = list();
    const attempts = alerts.attemptsOf(event?.id as string);
    expect(attempts.map((a) => [a.status, a.retries, a.errorMessage])).toEqual(
      Array.from({ length: 8 }, (_, n) => ["failed", n, "Request failed with status code 500"]),
    );
    expect(rx.hits).toHaveLength(8);
    for (let n = 1; n < 8; n++) {
      const gap = (rx.hits[n]?.at as number) - (rx.hits[n - 1]?.at as number);
      expect(gap, `wait before retry ${n}`).toBeGreaterThanOrEqual(
        Math.floor((DOCUMENTED_WAITS_MIN[n - 1] as number) * MINUTE * scale) - 1,
      );
    }
    // Dropped: failed, nothing armed, and it says when (its last attempt).
    expect(alerts.scheduledRetries).toBe(0);
    expect(event?.updatedAt).toBe(new Date(attempts.at(-1)?.at as number).toISOString());
  });

  it("end when a retry succeeds", async () => {
    const rx = await receiver([500, 503, 200]);
    cleanups.push(rx.close);
    const { alerts, list } = await service(rx.url, { retryScale: 0.0001 });
    await alerts.recordTransfer(transfer());
    await vi.waitFor(() => expect(list()[0]).toMatchObject({ deliveryStatus: "success", retries: 2 }));
    await alerts.whenIdle();
    expect(alerts.scheduledRetries).toBe(0);
    expect(rx.hits).toHaveLength(3);
    expect(alerts.attemptsOf(list()[0]?.id as string).map((a) => a.errorMessage)).toEqual([
      "Request failed with status code 500",
      "Request failed with status code 503",
      null,
    ]);
  });

  it("are one timer per event: a replay while a retry is armed takes its step", async () => {
    const rx = await receiver([500]);
    cleanups.push(rx.close);
    const { alerts, list } = await service(rx.url, { retryScale: 1 });
    await alerts.recordTransfer(transfer());
    await alerts.whenIdle();
    expect(alerts.scheduledRetries).toBe(1);
    const [event] = list();
    expect(alerts.replay({ index: 0, id: "webhook-1" } as Webhook, [event?.id as string])).toEqual({
      data: { replaying: [event?.id], failed: [] },
    });
    await alerts.whenIdle();
    expect(rx.hits).toHaveLength(2);
    expect(list()[0]).toMatchObject({ deliveryStatus: "failed", retries: 1 });
    expect(alerts.scheduledRetries).toBe(1);
  });

  it("are off with a scale of 0 (a failed event waits for a replay)", async () => {
    const rx = await receiver([500]);
    cleanups.push(rx.close);
    const { alerts } = await service(rx.url, { retryScale: 0 });
    await alerts.recordTransfer(transfer());
    await alerts.whenIdle();
    expect(alerts.scheduledRetries).toBe(0);
  });
});

describe("unconfirmed and confirmed alerts", () => {
  it("come as two events with the same transaction, the second after the chain's depth", async () => {
    const rx = await receiver([200]);
    cleanups.push(rx.close);
    const chains = new FakeChainRegistry();
    chains.heads.set(84532, 42); // the transfer's block is the head
    const { alerts, list } = await service(rx.url, { confirmationMs: 20, chains });
    await alerts.recordTransfer(transfer(42, "eip155:84532"));
    await vi.waitFor(() => expect(list()).toHaveLength(2));
    await alerts.whenIdle();
    // Base Sepolia: 100 blocks until confirmed; the idle local chain is carried there first.
    expect(chains.mined).toEqual([[84532, 100]]);
    expect(chains.heads.get(84532)).toBe(142);
    const [first, second] = list();
    // The listing tells them apart by order only: `confirmed` is 1 on every delivered row (README 28).
    expect(first).toMatchObject({ transactionHashes: [HASH], blockNumber: 42, confirmed: 1 });
    expect(second).toMatchObject({ transactionHashes: [HASH], blockNumber: 42, confirmed: 1 });
    expect(Date.parse(second?.createdAt as string)).toBeGreaterThan(Date.parse(first?.createdAt as string));
    expect(first?.id).not.toBe(second?.id);
    const [a, b] = rx.hits.map((h) => h.body);
    expect(a?.data[0]?.metadata.confirmed).toBe(false);
    expect(b?.data[0]?.metadata.confirmed).toBe(true);
    const strip = (p?: WebhookPayload) =>
      p?.data.map(({ metadata: { confirmed: _c, sentAt: _s, ...rest }, ...item }) => ({ ...item, rest }));
    expect(strip(b)).toEqual(strip(a));
  });

  it("come for every transfer of a transaction with several", async () => {
    const rx = await receiver([200]);
    cleanups.push(rx.close);
    const { alerts, list } = await service(rx.url, { confirmationMs: 20 });
    await alerts.recordTransfer(transfer());
    await alerts.recordTransfer({ ...transfer(), rawAmount: 7n });
    await vi.waitFor(() => expect(list()).toHaveLength(4));
    await alerts.whenIdle();
    const payloads = rx.hits.map((h) => [h.body.data[0]?.metadata.rawAmount, h.body.data[0]?.metadata.confirmed]);
    expect(
      payloads
        .filter(([, confirmed]) => confirmed)
        .map(([amount]) => amount)
        .sort(),
    ).toEqual(["500000000000000000", "7"]);
  });

  it("do not mine when the chain is already past the depth", async () => {
    const rx = await receiver([200]);
    cleanups.push(rx.close);
    const chains = new FakeChainRegistry();
    chains.heads.set(11155111, 500);
    const { alerts, list } = await service(rx.url, { confirmationMs: 5, chains });
    await alerts.recordTransfer(transfer(100, "eip155:11155111"));
    await vi.waitFor(() => expect(list()).toHaveLength(2));
    expect(chains.mined).toEqual([]);
  });

  it("leave an orphan beside the transfer when a reorganisation drops a transaction", async () => {
    const rx = await receiver([200]);
    cleanups.push(rx.close);
    const { alerts, list } = await service(rx.url, { confirmationMs: 10, reorgRate: 1 });
    await alerts.recordTransfer(transfer());
    await vi.waitFor(() => expect(list()).toHaveLength(3));
    await alerts.whenIdle();
    const byHash = new Map<string, ReturnType<typeof list>>();
    for (const e of list())
      byHash.set(e.transactionHashes[0] as string, [...(byHash.get(e.transactionHashes[0] as string) ?? []), e]);
    expect(byHash.get(HASH)).toHaveLength(2);
    const orphans = [...byHash.entries()].filter(([hash]) => hash !== HASH);
    expect(orphans).toHaveLength(1);
    expect(orphans[0]?.[1]).toHaveLength(1);
    const orphanPayload = rx.hits.find((h) => h.body.data[0]?.metadata.transactionHash === orphans[0]?.[0])?.body;
    expect(orphanPayload?.data[0]?.metadata.confirmed).toBe(false);
    expect(orphans[0]?.[0]).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("are re-armed from the journal after a restart, as are retries", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "alerts-schedule-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const journalFile = path.join(dir, "alert-events.jsonl");
    const rx = await receiver([500, 200]);
    cleanups.push(rx.close);
    const before = await service(rx.url, { journalFile, retryScale: 1 });
    await before.alerts.recordTransfer(transfer());
    await before.alerts.whenIdle();
    before.alerts.stop();
    await before.journal.flush();

    const after = await service(rx.url, { journalFile, retryScale: 0.00001, confirmationMs: 10 });
    await vi.waitFor(() => expect(after.list().map((e) => e.deliveryStatus)).toEqual(["success", "success"]));
    const [first] = after.list();
    expect(after.alerts.attemptsOf(first?.id as string).map((a) => a.status)).toEqual(["failed", "success"]);
  });
});
