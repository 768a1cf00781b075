import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { appendAudit } from "@/server/audit/append";
import { signCheckpoint } from "@/server/audit/checkpoint";
import { forgetAuditKeysForTests } from "@/server/audit/keys";
import { verifyChain } from "@/server/audit/verify";
import { tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { forgetEnvForTests } from "@/server/env";
import { rotateEvidenceKey } from "@/server/evidence/rotate";
import { forgetSigningKeysForTests, publishedKeys } from "@/server/evidence/signing-keys";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { kekId } from "./envelope";
import { rotateVault, vaultAll, vaultDelete, vaultGetText, vaultPut, vaultPutIfAbsent, VaultError } from ".";

const KEY_A = randomBytes(32).toString("base64");
const KEY_B = randomBytes(32).toString("base64");
const saved = { key: process.env.CONSOLE_VAULT_KEY, previous: process.env.CONSOLE_VAULT_PREVIOUS_KEYS };

function useKeys(current: string, previous: string[] = []) {
  process.env.CONSOLE_VAULT_KEY = current;
  process.env.CONSOLE_VAULT_PREVIOUS_KEYS = previous.join(",");
  forgetEnvForTests();
}

const SECRET = "ck_test_4f9a1c2e8b7d6a5f4e3d2c1b0a9f8e7d";
const at = (subject: string) => ({ purpose: "client-api-key", subject });
const rawRows = async (h: DbHandle) =>
  (await h.db.execute(sql`select * from vault_records`)) as unknown as { rows: unknown[] };

afterEach(() => {
  useKeys(KEY_A);
  forgetAuditKeysForTests();
  forgetSigningKeysForTests();
});
afterAll(() => {
  process.env.CONSOLE_VAULT_KEY = saved.key;
  process.env.CONSOLE_VAULT_PREVIOUS_KEYS = saved.previous;
  forgetEnvForTests();
});

describe.each<TestDbKind>(["pglite", "postgres"])("vault (%s)", (kind) => {
  let h: DbHandle;
  beforeAll(async () => {
    useKeys(KEY_A);
    h = await openTestDb(kind);
  });
  afterAll(() => h.close());

  it("keeps a secret that only the key opens: the database holds neither the value nor its plain encodings", async () => {
    await vaultPut(h.db, at("client-1"), SECRET);
    expect(await vaultGetText(h.db, at("client-1"))).toBe(SECRET);
    const dump = JSON.stringify((await rawRows(h)).rows);
    expect(dump).toContain("client-api-key"); // the rows were read
    for (const form of [SECRET, Buffer.from(SECRET).toString("base64"), Buffer.from(SECRET).toString("hex")])
      expect(dump).not.toContain(form);
    expect(dump).not.toContain(KEY_A);
    // Each record has its own data key: the same value sealed twice looks different.
    await vaultPut(h.db, at("client-2"), SECRET);
    const [one, two] = (await h.db.select().from(tables.vaultRecords)).filter((r) => r.purpose === "client-api-key");
    expect(one!.sealed).not.toBe(two!.sealed);
    expect(one!.wrappedKey).not.toBe(two!.wrappedKey);
  });

  it("refuses a value that was altered or moved to another record, without saying what it held", async () => {
    await vaultPut(h.db, at("victim"), SECRET);
    await vaultPut(h.db, at("attacker"), "something else entirely");
    const [victim] = await h.db.select().from(tables.vaultRecords).where(eq(tables.vaultRecords.subject, "victim"));
    // Moving the victim's sealed value and wrapped key under the attacker's address.
    await h.db
      .update(tables.vaultRecords)
      .set({ sealed: victim!.sealed, wrappedKey: victim!.wrappedKey })
      .where(eq(tables.vaultRecords.subject, "attacker"));
    const moved = await vaultGetText(h.db, at("attacker")).catch((e: unknown) => e);
    expect(moved).toBeInstanceOf(VaultError);
    expect(String(moved)).not.toContain(SECRET);
    // Read all at once, the moved record is refused just the same.
    await expect(vaultAll(h.db, "client-api-key")).rejects.toThrow(VaultError);

    // One bit flipped in the ciphertext.
    const raw = Buffer.from(victim!.sealed, "base64");
    raw[20] = raw[20]! ^ 1;
    await h.db
      .update(tables.vaultRecords)
      .set({ sealed: raw.toString("base64") })
      .where(eq(tables.vaultRecords.subject, "victim"));
    await expect(vaultGetText(h.db, at("victim"))).rejects.toThrow(VaultError);
  });

  it("reads every record of one purpose at once, opened, in subject order, and none of another", async () => {
    const purpose = "read-all";
    for (const subject of ["b", "a", "c"]) await vaultPut(h.db, { purpose, subject }, `value of ${subject}`);
    await vaultPut(h.db, { purpose: "read-all-other", subject: "a" }, "not this one");
    const all = await vaultAll(h.db, purpose);
    expect(all.map((r) => [r.subject, r.value.toString("utf8")])).toEqual([
      ["a", "value of a"],
      ["b", "value of b"],
      ["c", "value of c"],
    ]);
  });

  it("puts only into an empty address when asked, and deletes", async () => {
    expect(await vaultPutIfAbsent(h.db, at("once"), "first")).toBe(true);
    expect(await vaultPutIfAbsent(h.db, at("once"), "second")).toBe(false);
    expect(await vaultGetText(h.db, at("once"))).toBe("first");
    await vaultDelete(h.db, at("once"));
    expect(await vaultGetText(h.db, at("once"))).toBeUndefined();
  });

  it("rotates the key: old records open while the old key is listed, are re-wrapped once, then need only the new key", async () => {
    const fresh = await openTestDb(kind);
    try {
      useKeys(KEY_A);
      for (let i = 0; i < 5; i++) await vaultPut(fresh.db, at(`c${i}`), `${SECRET}-${i}`);
      // An audit trail and a checkpoint made under the old key.
      await appendAudit(
        { actor: { id: null, email: null, role: null }, action: "test.before", outcome: "ok" },
        fresh.db,
      );
      const before = await verifyChain(fresh.db);
      if (!before.ok) throw new Error("chain should verify");
      const checkpoint = await signCheckpoint(
        fresh.db,
        { lastSeq: before.lastSeq, lastHash: before.headHash, count: before.count, lastAt: before.lastAt },
        "download",
      );

      // The new key alone cannot open what the old one wrapped, and says which key is missing.
      useKeys(KEY_B);
      await expect(vaultGetText(fresh.db, at("c0"))).rejects.toThrow(
        new RegExp(`wrapped by key ${kekId(Buffer.from(KEY_A, "base64"))}`),
      );

      useKeys(KEY_B, [KEY_A]);
      expect(await vaultGetText(fresh.db, at("c3"))).toBe(`${SECRET}-3`);
      const report = await rotateVault(fresh.db, 2);
      // Five secrets, the audit keys, the evidence-signing key and the record naming it, in batches of two.
      expect(report).toEqual({ kekId: kekId(Buffer.from(KEY_B, "base64")), rewrapped: 8, alreadyCurrent: 0 });
      expect(await rotateVault(fresh.db)).toMatchObject({ rewrapped: 0, alreadyCurrent: 8 });

      // The old key can now be dropped.
      useKeys(KEY_B);
      for (let i = 0; i < 5; i++) expect(await vaultGetText(fresh.db, at(`c${i}`))).toBe(`${SECRET}-${i}`);
      const kekIds = new Set((await fresh.db.select().from(tables.vaultRecords)).map((r) => r.kekId));
      expect([...kekIds]).toEqual([kekId(Buffer.from(KEY_B, "base64"))]);

      // The audit chain goes on across the rotation: a restarted console reads the same audit keys
      // from the vault, seals new records with them, and the old checkpoint still verifies.
      forgetAuditKeysForTests();
      await appendAudit(
        { actor: { id: null, email: null, role: null }, action: "test.after", outcome: "ok" },
        fresh.db,
      );
      expect(await verifyChain(fresh.db, { checkpoint })).toMatchObject({ ok: true, count: 2 });

      // `npm run vault:rotate` also retires the signing key: what it signed still verifies.
      const { retired, current } = await rotateEvidenceKey(fresh.db);
      expect(retired).toBe(checkpoint.signature.keyId);
      forgetSigningKeysForTests();
      expect(await verifyChain(fresh.db, { checkpoint })).toMatchObject({ ok: true });
      const keys = await publishedKeys(fresh.db);
      expect(keys.map((k) => [k.keyId, k.retiredAt === null])).toEqual([
        [current, true],
        [retired, false],
      ]);
    } finally {
      await fresh.close();
    }
  });
});
