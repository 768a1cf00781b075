import { describe, expect, it } from "vitest";
import { eventViews } from "../alerts/event-query";
import { EventStore } from "../alerts/event-store";
import { SeededIds } from "../alerts/seeded-ids";
import { CUID_PATTERN } from "../state/ids";
import { seedClients } from "./clients";
import { seedEvents } from "./events";

const anchorMs = Date.UTC(2026, 0, 1);

describe("seeded clients", () => {
  it("are identical for the same seed and differ for another", () => {
    const a = seedClients({ count: 20, seed: "s", anchorMs }).clients;
    expect(seedClients({ count: 20, seed: "s", anchorMs }).clients).toEqual(a);
    expect(seedClients({ count: 20, seed: "t", anchorMs }).clients[0]?.id).not.toBe(a[0]?.id);
  });

  it("have cuid-like ids in list order and unique addresses", () => {
    const { clients } = seedClients({ count: 300, seed: "s", anchorMs });
    for (const c of clients) expect(c.id).toMatch(CUID_PATTERN);
    const keys = clients.map((c) => `${c.createdAt}|${c.id}`);
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(clients.map((c) => c.namespaces.eip155?.address)).size).toBe(300);
    expect(clients.every((c) => Date.parse(c.createdAt) < anchorMs)).toBe(true);
    expect(clients.some((c) => c.isAccountAbstracted)).toBe(true);
  });
});

describe("seeded events", () => {
  it("are deterministic, chronological and cover every status on every webhook", () => {
    const make = () => {
      const store = new EventStore("s", 3);
      seedEvents(store, { count: 60_000, seed: "s", anchorMs, roles: ["accepting", "failing", "slow"] });
      return store;
    };
    const a = make();
    const b = make();
    expect(Buffer.compare(Buffer.from(a.created.buffer), Buffer.from(b.created.buffer))).toBe(0);
    expect(Buffer.compare(Buffer.from(a.status.buffer), Buffer.from(b.status.buffer))).toBe(0);
    let ordered = true;
    for (let i = 1; i < a.length; i++) ordered &&= (a.created[i] as number) >= (a.created[i - 1] as number);
    expect(ordered).toBe(true);
    for (let w = 0; w < 3; w++) {
      const statuses = new Set([...(a.byWebhook[w]?.view() ?? [])].map((i) => a.status[i]));
      expect(statuses.size, `webhook ${w}`).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(a.status.subarray(0, a.length))).toEqual(new Set([0, 1, 2]));
  });
});

describe("seeded transfers", () => {
  const store = new EventStore("p", 3);
  seedEvents(store, { count: 60_000, seed: "p", anchorMs, roles: ["accepting", "failing", "slow"] });
  const rows = Array.from({ length: store.length }, (_, i) => i);
  const views = eventViews(store, rows);
  const byHash = new Map<string, number[]>();
  views.forEach((v, i) =>
    byHash.set(v.transactionHashes[0] as string, [...(byHash.get(v.transactionHashes[0] as string) ?? []), i]),
  );
  /** Blocks until confirmed × block time of the public chain (api-shapes.md §1.11), in seconds. */
  const documentedWaitS: Record<string, number> = {
    "eip155:11155111": 18 * 12,
    "eip155:1": 12 * 12,
    "eip155:8453": 100 * 2,
    "eip155:84532": 100 * 2,
    "eip155:137": 100 * 2,
    "eip155:80002": 100 * 2,
    "eip155:42161": 18 * 0.25,
    "eip155:10": 500 * 2,
  };

  it("come as an unconfirmed alert, then a confirmed one with the same webhook, chain, block and hashes after the chain's wait", () => {
    let pairs = 0;
    for (const [hash, list] of byHash) {
      if (list.length !== 2) continue;
      const [a, b] = list.map((i) => views[i]) as [(typeof views)[0], (typeof views)[0]];
      pairs++;
      expect([store.kindOf(list[0] as number), store.kindOf(list[1] as number)], hash).toEqual([
        "unconfirmed",
        "confirmed",
      ]);
      expect(store.webhook[list[0] as number]).toBe(store.webhook[list[1] as number]);
      expect({ chain: b.chainId, block: b.blockNumber, hashes: b.transactionHashes }).toEqual({
        chain: a.chainId,
        block: a.blockNumber,
        hashes: a.transactionHashes,
      });
      const waitS = (Date.parse(b.createdAt) - Date.parse(a.createdAt)) / 1000;
      expect(Math.abs(waitS - (documentedWaitS[a.chainId] as number)), a.chainId).toBeLessThanOrEqual(1);
    }
    expect(pairs).toBeGreaterThan(20_000);
    expect([...byHash.values()].every((l) => l.length <= 2)).toBe(true);
  });

  it("leave a few unconfirmed alerts alone (reorganised out), and the newest wait for their confirmation", () => {
    const alone = [...byHash.values()].filter((l) => l.length === 1).map((l) => l[0] as number);
    const lastWaitMs = 1000 * 1000; // Optimism's 500 blocks of 2 s
    const old = alone.filter((i) => (store.created[i] as number) < anchorMs - lastWaitMs);
    const transfers = [...byHash.keys()].length;
    expect(old.length / transfers).toBeGreaterThan(0.002);
    expect(old.length / transfers).toBeLessThan(0.01);
    for (const i of old) expect(store.kindOf(i)).toBe("orphan");
    expect(alone.some((i) => (store.created[i] as number) >= anchorMs - lastWaitMs)).toBe(true);
  });

  it("hold failed events at every stage of the retry schedule, each updated at its last attempt", () => {
    const minute = 60_000;
    const documentedOffsetMin = [1, 11, 71, 191, 551, 1271, 2711];
    const failed = rows.filter((i) => views[i]?.deliveryStatus === "failed");
    expect(new Set(failed.map((i) => views[i]?.retries))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7]));
    for (const i of failed) {
      const v = views[i] as (typeof views)[0];
      if (v.retries === 0) continue;
      const sinceCreated = Date.parse(v.updatedAt) - Date.parse(v.createdAt);
      expect(sinceCreated).toBe((documentedOffsetMin[v.retries - 1] as number) * minute);
    }
  });

  it("list a transaction's two alerts when asked by hash", () => {
    const [hash, list] = [...byHash.entries()].find(([, l]) => l.length === 2) as [string, number[]];
    expect(store.rowsWithHash(hash)).toEqual(list);
    expect(store.rowsWithHash(hash.toUpperCase().replace("0X", "0x"))).toEqual(list);
  });
});

describe("seeded ids", () => {
  const ids = new SeededIds("s");
  it("round-trip event ids and transaction hashes", () => {
    for (const i of [0, 1, 2, 999_999, 4_000_000_000]) {
      const id = ids.eventId(i);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(ids.eventIndex(id)).toBe(i);
      const [hash] = ids.txHashes([i]);
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(ids.txOrdinal(hash as string)).toBe(i);
      expect(ids.txOrdinal((hash as string).toUpperCase().replace("0X", "0x"))).toBe(i);
    }
  });
  it("reject strings they did not make", () => {
    expect(ids.eventIndex("0b7c3f4e-1d2a-4c5b-8e6f-7a8b9c0d1e2f")).toBeUndefined();
    expect(ids.eventIndex(new SeededIds("other").eventId(5))).toBeUndefined();
    expect(ids.txOrdinal(`0x${"11".repeat(32)}`)).toBeUndefined();
  });
});
