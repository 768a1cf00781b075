import { describe, expect, it } from "vitest";
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
      seedEvents(store, { count: 20_000, seed: "s", anchorMs, roles: ["accepting", "failing", "slow"] });
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
