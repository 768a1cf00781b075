import { createHmac, hkdfSync, randomUUID } from "node:crypto";
import { asc, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { vaultGet, vaultPut } from "@/server/vault";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { appendAudit } from "./append";
import { canonicalJson } from "./chain";
import { storedCheckpoints } from "./checkpoint-files";
import { checkpointsWritten } from "./checkpoint-schedule";
import { AuditTamperedError } from "./guard";
import { forgetAuditKeysForTests } from "./keys";
import { verifyChain } from "./verify";

/**
 * A chain written by a console of the first seal format (before sequence numbers, key epochs and
 * the head's seal): built here by hand, as that console wrote it, from its published recipe
 * (HKDF-derived keys, an HMAC over the previous seal and the record's canonical content).
 */
const ADDRESS = { purpose: "audit-keys", subject: "console" };
const derive = (info: string) =>
  Buffer.from(
    hkdfSync("sha256", Buffer.from(getEnv().CONSOLE_VAULT_KEY, "base64"), "custodian-console/audit/v1", info, 32),
  );

async function writeLegacyChain(h: DbHandle, n: number) {
  const chainKey = derive("audit-chain-hmac");
  await vaultPut(h.db, ADDRESS, Buffer.concat([chainKey, derive("audit-checkpoint-hmac")]));
  let prev = "0".repeat(64);
  for (let seq = 1; seq <= n; seq++) {
    const fields = {
      id: randomUUID(),
      at: new Date(Date.now() - (n - seq) * 1000).toISOString(),
      actorId: "u1",
      actorEmail: "alice@example.com",
      actorRole: "admin",
      action: "users.create",
      target: `t${seq}`,
      input: { seq },
      outcome: "ok" as const,
      errorCode: null,
      errorMessage: null,
      requestId: null,
      ip: null,
      intentId: null,
    };
    const hash = createHmac("sha256", chainKey).update(prev).update("\n").update(canonicalJson(fields)).digest("hex");
    await h.db.insert(tables.auditLog).values({ ...fields, seq, prevHash: prev, hash });
    prev = hash;
  }
  await h.db.insert(tables.auditHead).values({ id: true, lastSeq: n, lastHash: prev, count: n, mac: null });
}

const rowsOf = (h: DbHandle) => h.db.select().from(tables.auditLog).orderBy(asc(tables.auditLog.seq));
const act = (h: DbHandle) =>
  appendAudit(
    { actor: { id: "u1", email: "a@example.com", role: "admin" }, action: "users.create", outcome: "ok" },
    h.db,
  );

describe.each<TestDbKind>(["pglite", "postgres"])("a chain of the first seal format, on %s", (kind) => {
  let h: DbHandle;
  beforeEach(async () => {
    h = await openTestDb(kind);
    forgetAuditKeysForTests();
    await writeLegacyChain(h, 3);
  });
  afterEach(async () => {
    forgetAuditKeysForTests();
    await h?.close();
  });

  it("verifies as it was, goes on in the current format, and is anchored where the format changed", async () => {
    expect(await verifyChain(h.db)).toMatchObject({ ok: true, count: 3 });
    // The keys' record gained a head key and a chain id, and the head its seal, as found.
    expect((await vaultGet(h.db, ADDRESS))?.length).toBeGreaterThan(64);
    await act(h);
    await checkpointsWritten();
    expect((await rowsOf(h)).map((r) => [r.seq, r.keyEpoch])).toEqual([
      [1, null],
      [2, null],
      [3, null],
      [4, 1],
    ]);
    expect((await storedCheckpoints(h.db)).newest?.checkpoint).toMatchObject({ reason: "upgrade", lastSeq: 4 });
    expect(await verifyChain(h.db)).toMatchObject({ ok: true, count: 4 });
  });

  it("refuses the old format's head put back after the change, and a first-format record after it", async () => {
    await verifyChain(h.db);
    const [legacyHead] = await h.db.select().from(tables.auditHead);
    await act(h);
    await checkpointsWritten();
    const [current] = await h.db.select().from(tables.auditHead);
    await h.db.execute(sql`delete from audit_log where seq = 4`);
    await h.db.update(tables.auditHead).set(legacyHead!);
    await expect(act(h)).rejects.toThrow(AuditTamperedError);
    expect(await verifyChain(h.db)).toMatchObject({ ok: false });

    // A first-format record after records of the current one (here: #4 relabelled) is refused too.
    const fresh = await openTestDb(kind);
    try {
      forgetAuditKeysForTests();
      await writeLegacyChain(fresh, 2);
      await act(fresh);
      await act(fresh);
      await fresh.db.execute(sql`update audit_log set key_epoch = null where seq = 4`);
      expect(await verifyChain(fresh.db)).toMatchObject({ ok: false, problem: "edited", seq: 4 });
    } finally {
      await fresh.close();
    }
    expect(current).toMatchObject({ keyEpoch: 1 });
  });

  it("from the first check on, an unsealed head is tampering, not an old console", async () => {
    expect(await verifyChain(h.db)).toMatchObject({ ok: true });
    await h.db.update(tables.auditHead).set({ mac: null });
    forgetAuditKeysForTests();
    expect(await verifyChain(h.db)).toMatchObject({ ok: false, problem: "head-forged" });
  });
});
