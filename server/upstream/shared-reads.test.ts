import { describe, expect, it } from "vitest";
import { endpoints, type Endpoint } from "@/lib/contracts/endpoints";
import { NotFoundError } from "./errors";
import {
  SHAREABLE_ENDPOINTS,
  SharedReads,
  affectedBy,
  credentialScope,
  refusalOf,
  type SharedRead,
} from "./shared-reads";

const SCOPE = credentialScope("http://upstream.test", "custodian-key-1");
const clientsPage = (take: number, scope = SCOPE): SharedRead => ({
  endpoint: endpoints.listClients,
  query: { take },
  scope,
});

/** A load that counts its calls and answers when told. */
function upstream<T>(answer: (call: number) => T | Promise<T>) {
  let calls = 0;
  const pending: (() => void)[] = [];
  return {
    get calls() {
      return calls;
    },
    load: () => {
      const call = ++calls;
      return new Promise<T>((resolve, reject) => {
        pending.push(() =>
          Promise.resolve()
            .then(() => answer(call))
            .then(resolve, reject),
        );
      });
    },
    /** Answers every call made so far. */
    answerAll: async () => {
      for (const answerOne of pending.splice(0)) answerOne();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe("shared reads", () => {
  it("sends N identical reads in flight at once upstream once, and gives all of them the answer", async () => {
    const reads = new SharedReads({ ttlMs: 5000 });
    const up = upstream((n) => ({ call: n }));
    const all = Promise.all(Array.from({ length: 50 }, () => reads.read(clientsPage(25), up.load)));
    await up.answerAll();
    expect(await all).toEqual(Array.from({ length: 50 }, () => ({ call: 1 })));
    expect(up.calls).toBe(1);
  });

  it("keys by endpoint, parameters and credential scope: different reads are separate calls", async () => {
    const reads = new SharedReads({ ttlMs: 5000 });
    const up = upstream((n) => n);
    const other = credentialScope("http://upstream.test", "custodian-key-2");
    const answers = Promise.all([
      reads.read(clientsPage(25), up.load),
      reads.read({ endpoint: endpoints.listClients, query: { take: 25 }, scope: SCOPE }, up.load),
      reads.read(clientsPage(50), up.load),
      reads.read(clientsPage(25, other), up.load),
      reads.read({ endpoint: endpoints.getGasSponsorUsage, params: { chainId: "eip155:1" }, scope: SCOPE }, up.load),
    ]);
    await up.answerAll();
    expect(await answers).toEqual([1, 1, 2, 3, 4]);
    expect(up.calls).toBe(4);
    // The scope is a hash: the key itself is nowhere in it.
    expect(SCOPE).not.toContain("custodian-key-1");
    expect(SCOPE).toMatch(/^[0-9a-f]{24}$/);
  });

  it("serves the kept answer until the TTL runs out, then asks again", async () => {
    let now = 1_000;
    const reads = new SharedReads({ ttlMs: 5000, now: () => now });
    const up = upstream((n) => n);
    const first = reads.read(clientsPage(25), up.load);
    await up.answerAll();
    expect(await first).toBe(1);
    now += 4_999;
    expect(await reads.read(clientsPage(25), up.load)).toBe(1);
    expect(up.calls).toBe(1);
    now += 1;
    const again = reads.read(clientsPage(25), up.load);
    await up.answerAll();
    expect(await again).toBe(2);
    expect(up.calls).toBe(2);
  });

  it("keeps a read asked to be kept longer (a minute-old count) past the TTL, apart from fresh reads", async () => {
    let now = 1_000;
    const reads = new SharedReads({ ttlMs: 5000, now: () => now });
    const up = upstream((n) => n);
    const count = { ...clientsPage(1), keepMs: 60_000 };
    const first = reads.read(count, up.load);
    await up.answerAll();
    expect(await first).toBe(1);
    now += 59_999;
    expect(await reads.read(count, up.load)).toBe(1);
    // The same query wanting the TTL's freshness is not served the minute-old answer.
    const fresh = reads.read(clientsPage(1), up.load);
    await up.answerAll();
    expect(await fresh).toBe(2);
    now += 1;
    const again = reads.read(count, up.load);
    await up.answerAll();
    expect(await again).toBe(3);
    expect(up.calls).toBe(3);
  });

  it("with TTL 0 keeps nothing but still coalesces reads in flight", async () => {
    const reads = new SharedReads({ ttlMs: 0 });
    const up = upstream((n) => n);
    const together = Promise.all([reads.read(clientsPage(25), up.load), reads.read(clientsPage(25), up.load)]);
    await up.answerAll();
    expect(await together).toEqual([1, 1]);
    const after = reads.read(clientsPage(25), up.load);
    await up.answerAll();
    expect(await after).toBe(2);
    expect(reads.size).toBe(0);
  });

  it("never keeps an error: every caller in flight gets it, the next caller asks again", async () => {
    const reads = new SharedReads({ ttlMs: 5000 });
    const up = upstream((n) => {
      if (n === 1) throw new NotFoundError("gone", { status: 404, code: "not_found" });
      return n;
    });
    const failing = [reads.read(clientsPage(25), up.load), reads.read(clientsPage(25), up.load)];
    await up.answerAll();
    for (const f of failing) await expect(f).rejects.toThrow("gone");
    expect(reads.size).toBe(0);
    const next = reads.read(clientsPage(25), up.load);
    await up.answerAll();
    expect(await next).toBe(2);
    expect(up.calls).toBe(2);
  });

  it("refuses secret-bearing and writing endpoints, before calling anything", async () => {
    const reads = new SharedReads({ ttlMs: 5000 });
    const up = upstream(() => "secret");
    for (const endpoint of [
      endpoints.createClientSession,
      endpoints.getWebOtp,
      endpoints.getEjectableBackupShares,
      endpoints.createClient,
      endpoints.listClientAssets,
    ] as Endpoint[]) {
      await expect(reads.read({ endpoint, scope: SCOPE }, up.load)).rejects.toThrow(
        new RegExp(`${endpoint.id} is not shared`),
      );
    }
    expect(up.calls).toBe(0);
    // Even if someone listed it as shareable, an answer with a secret field is refused.
    const tokenBearing = { ...endpoints.listClients, response: endpoints.createClientSession.response };
    expect(refusalOf(tokenBearing)).toMatch(/secret field \(clientSessionToken\)/i);
  });

  it("shares only GETs under the custodian key whose answers have no secret field", () => {
    for (const id of SHAREABLE_ENDPOINTS) expect(refusalOf(endpoints[id]), id).toBeNull();
    const shared = Object.values(endpoints).filter((e) => refusalOf(e) === null);
    expect(shared.map((e) => e.id).sort()).toEqual([...SHAREABLE_ENDPOINTS].sort());
  });

  it("drops what a write changes, including a read in flight when it happened", async () => {
    let now = 0;
    const reads = new SharedReads({ ttlMs: 60_000, now: () => now });
    const up = upstream((n) => n);
    const gas: SharedRead = { endpoint: endpoints.getGasSponsorUsage, params: { chainId: "eip155:1" }, scope: SCOPE };
    const kept = Promise.all([reads.read(clientsPage(25), up.load), reads.read(gas, up.load)]);
    await up.answerAll();
    expect(await kept).toEqual([1, 2]);

    // createClient changes the client lists, not gas usage.
    reads.invalidateAfter(endpoints.createClient);
    const afterCreate = Promise.all([reads.read(clientsPage(25), up.load), reads.read(gas, up.load)]);
    await up.answerAll();
    expect(await afterCreate).toEqual([3, 2]);

    // A read under way when a client is created is answered, but neither kept nor joined.
    now += 1;
    reads.invalidate(["listClients"]);
    const stale = reads.read(clientsPage(25), up.load);
    reads.invalidateAfter(endpoints.createClient);
    const fresh = reads.read(clientsPage(25), up.load);
    await up.answerAll();
    expect(await stale).toBe(4);
    expect(await fresh).toBe(5);
    expect(await reads.read(clientsPage(25), up.load)).toBe(5);
    expect(up.calls).toBe(5);
  });

  it("knows which writes change which shared reads", () => {
    expect(affectedBy(endpoints.createClient)).toEqual(["listClients"]);
    expect(affectedBy(endpoints.replayFailedAlertWebhookEvents)).toEqual(["listAlertWebhookEvents"]);
    expect(affectedBy(endpoints.createClientSession)).toEqual([]);
    expect(affectedBy(endpoints.buildTransaction)).toEqual([]);
    expect(affectedBy(endpoints.listClients)).toEqual([]);
    // An MPC send may spend sponsored gas and a generation adds wallets to a client.
    expect(affectedBy(endpoints.mpcAssetsSend)).toEqual(["listClients", "retrieveClient", "getGasSponsorUsage"]);
    expect(affectedBy(endpoints.mpcGenerate)).toEqual(["listClients", "retrieveClient", "getGasSponsorUsage"]);
    // Ejecting changes the client's record as well as the lists it is in.
    expect(affectedBy(endpoints.enableEject)).toEqual(["listClients", "retrieveClient"]);
    expect(affectedBy(endpoints.getEjectableBackupShares)).toEqual(["listClients", "retrieveClient"]);
  });
});
