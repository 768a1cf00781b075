import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDbForTests } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import {
  getTestClient,
  listTestClients,
  loadShares,
  registerTestClient,
  requireTestClient,
  shownTestClient,
  storeShares,
  testClientCredential,
  testClientIds,
} from "./test-clients";

const KEY = "ck_test_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const SHARES = {
  SECP256K1: { id: "sig-secp", share: "share-secp-0123456789abcdef0123456789abcdef" },
  ED25519: { id: "sig-ed", share: "share-ed-fedcba9876543210fedcba9876543210" },
};
const by = { id: "00000000-0000-4000-8000-000000000001", email: "dev@example.com" };

describe("test clients", () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openTestDb("pglite");
  });
  afterAll(() => h.close());

  it("keeps the key and the shares only in the vault, and hands them to server code", async () => {
    const created = await registerTestClient(h.db, {
      clientId: "tc-1",
      isAccountAbstracted: true,
      clientApiKey: KEY,
      by,
    });
    expect(created).toEqual({
      clientId: "tc-1",
      isAccountAbstracted: true,
      hasShares: false,
      createdByEmail: by.email,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(created)).not.toContain(KEY);
    expect(await testClientCredential(h.db, "tc-1")).toEqual({ clientApiKey: KEY });

    expect(await loadShares(h.db, "tc-1", "signing")).toBeUndefined();
    await storeShares(h.db, "tc-1", "signing", SHARES);
    expect(await loadShares(h.db, "tc-1", "signing")).toEqual(SHARES);
    expect((await getTestClient(h.db, "tc-1"))?.hasShares).toBe(true);

    // Nothing in any table holds the key or a share in plain text.
    const dump = JSON.stringify(
      await Promise.all(
        ["vault_records", "test_clients"].map(
          async (t) => (await h.db.execute(sql.raw(`select * from ${t}`))) as unknown,
        ),
      ),
    );
    expect(dump).toContain("tc-1");
    for (const secret of [KEY, SHARES.SECP256K1.share, SHARES.ED25519.share]) expect(dump).not.toContain(secret);
  });

  it("refuses to act for a client the console did not create as a test client, and says why", async () => {
    await expect(requireTestClient(h.db, "someone-else")).rejects.toThrow(/not created as a test client.*read-only/);
    await expect(testClientCredential(h.db, "someone-else")).rejects.toThrow(/not created as a test client/);
  });
});

describe.each<TestDbKind>(["pglite", "postgres"])("test clients marked in lists on %s", (kind) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openTestDb(kind);
    setDbForTests(h);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await h.close();
  });

  it("marks exactly the test clients among those listed, one made a moment ago included", async () => {
    expect(await testClientIds(["tc-a", "someone-else"])).toEqual(new Set());
    expect(await shownTestClient("tc-a")).toBeUndefined();
    expect(await listTestClients()).toEqual([]);
    await registerTestClient(h.db, { clientId: "tc-a", isAccountAbstracted: false, clientApiKey: KEY, by });
    expect(await testClientIds(["tc-a", "someone-else"])).toEqual(new Set(["tc-a"]));
    expect(await shownTestClient("tc-a")).toMatchObject({ clientId: "tc-a", hasShares: false });
    await storeShares(h.db, "tc-a", "signing", SHARES);
    expect(await shownTestClient("tc-a")).toMatchObject({ clientId: "tc-a", hasShares: true });
    expect((await listTestClients()).map((c) => [c.clientId, c.hasShares])).toEqual([["tc-a", true]]);
    await registerTestClient(h.db, { clientId: "tc-b", isAccountAbstracted: true, clientApiKey: KEY, by });
    expect(await testClientIds(["tc-b", "tc-a", "tc-c"])).toEqual(new Set(["tc-a", "tc-b"]));
    expect(await testClientIds([])).toEqual(new Set());
    expect((await listTestClients()).map((c) => c.clientId)).toEqual(["tc-b", "tc-a"]);
  });
});
