import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { forgetEnvForTests } from "@/server/env";
import { forgetSigningKeysForTests } from "@/server/evidence/signing-keys";
import { freshChainPerTest } from "@/testing/audit/chain-db";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { acknowledgeBreaks } from "./acknowledge";
import { chainAlarm } from "./alarm";
import { appendAudit, entryFields, writeSealed } from "./append";
import { recordHash } from "./chain";
import { checkpointDir } from "./checkpoint-dir";
import { checkpointsWritten, writeCheckpoint } from "./checkpoint-schedule";
import { AuditTamperedError } from "./guard";
import { headMac } from "./head";
import { forgetAuditKeysForTests, storedAuditKeys, type AuditKeys } from "./keys";
import { closeChainForMove } from "./move";
import { rotateAuditKeys } from "./rotation";
import { verifyChain } from "./verify";

/**
 * The attacker the audit log is built against: someone who can write to the console's database
 * (a DBA, a leaked connection string) and holds an old copy of its rows (any backup), but not the
 * vault key, and cannot write to the checkpoint directory kept elsewhere. Each attack here passed
 * unnoticed, or was sealed over, before the chain sealed sequence numbers and key epochs, held the
 * log to every checkpoint, refused to append on a broken chain, and read a lone chain's checkpoints
 * as evidence.
 */
const actor = { id: "u1", email: "alice@example.com", role: "admin" };
const act = (h: DbHandle, action = "users.create") => appendAudit({ actor, action, outcome: "ok" }, h.db);
async function fill(h: DbHandle, n: number) {
  for (let i = 0; i < n; i++) await act(h);
  await checkpointsWritten();
}
const rowsOf = (h: DbHandle) => h.db.select().from(tables.auditLog).orderBy(asc(tables.auditLog.seq));
const headOf = async (h: DbHandle) => (await h.db.select().from(tables.auditHead))[0]!;
const refused = (h: DbHandle) => expect(act(h)).rejects.toThrow(AuditTamperedError);
const operator = { reason: "INC-7: restored from backup", operator: "ops@example.com" };

describe.each<TestDbKind>(["pglite", "postgres"])("a database writer with an old backup, on %s", (kind) => {
  let h: DbHandle;
  freshChainPerTest(kind, (opened) => (h = opened));

  it("puts an old head back over a cut tail: appends are refused and Verify names the records and the checkpoint", async () => {
    await fill(h, 13);
    const saved = await headOf(h); // the backup's head: genuine, seal and all
    await fill(h, 6);
    const checkpoint = await writeCheckpoint(h.db, "download");
    expect(checkpoint).toMatchObject({ lastSeq: 19, count: 19 });
    await h.db.execute(sql`delete from audit_log where seq > 13`);
    await h.db.update(tables.auditHead).set(saved);

    await refused(h);
    expect(await rowsOf(h)).toHaveLength(13);
    const verdict = await verifyChain(h.db);
    expect(verdict).toMatchObject({ ok: false, missing: { fromSeq: 14, toSeq: 19, after: { seq: 13 } } });
    expect(verdict.ok || verdict.message).toContain("Records #14–#19 are missing");
    expect(await chainAlarm()).toMatchObject({ problem: expect.any(String) });
  });

  it("never skips a checkpoint whose record is gone, even when the records after it link up", async () => {
    await fill(h, 13);
    const saved = await headOf(h);
    await fill(h, 6);
    const checkpoint = await writeCheckpoint(h.db, "download");
    await h.db.execute(sql`delete from audit_log where seq > 13`);
    // What a console without the head checks did next: seal one more record on the restored head,
    // numbered on from the database's counter (#20), linked to #13.
    const keys = (await storedAuditKeys(h.db))!;
    await h.db.transaction(async (tx) =>
      writeSealed(
        tx as never,
        keys,
        { ...saved, lastSeq: 19 },
        entryFields({ actor, action: "users.create", outcome: "ok" }),
      ),
    );
    const verdict = await verifyChain(h.db);
    expect(verdict).toMatchObject({ ok: false, problem: "inserted-or-deleted", seq: 20 });
    expect(verdict.ok || verdict.message).toMatch(/^Records #14–#19 are missing, record #19 among them/);
    expect(verdict.ok || verdict.message).toContain(`${checkpoint!.at.slice(0, 10)}`);
    // …and the hourly job signs nothing over it.
    expect(await writeCheckpoint(h.db, "hourly", new Date(Date.now() + 2 * 3_600_000))).toBeNull();
  });

  it("reports any gap in the sequence numbers by its range", async () => {
    await fill(h, 60);
    await h.db.execute(sql`delete from audit_log where seq between 41 and 57`);
    const verdict = await verifyChain(h.db);
    expect(verdict).toMatchObject({ ok: false, seq: 58, missing: { fromSeq: 41, toSeq: 57, after: { seq: 40 } } });
    expect(verdict.ok || verdict.message).toMatch(/^Records #41–#57 are missing/);
  });

  it("stops appending on any break Verify finds, until an operator acknowledges it, even once undone", async () => {
    await fill(h, 5);
    const [, , third] = await rowsOf(h);
    await h.db.update(tables.auditLog).set({ target: "edited" }).where(eq(tables.auditLog.seq, third!.seq));
    expect(await verifyChain(h.db)).toMatchObject({ ok: false, problem: "edited", seq: 3 });
    await refused(h);
    // Put back as it was: the chain verifies, but what was found stands until someone says why.
    await h.db.update(tables.auditLog).set({ target: third!.target }).where(eq(tables.auditLog.seq, third!.seq));
    expect(await verifyChain(h.db)).toMatchObject({ ok: true });
    await refused(h);
    expect(await writeCheckpoint(h.db, "download")).toBeNull();
    const { acknowledged, verdict } = await acknowledgeBreaks(h.db, operator);
    expect(acknowledged).toEqual([{ seq: 6, finding: expect.stringContaining("Record #3 does not carry") }]);
    expect(verdict).toMatchObject({ ok: true, acknowledged: [{ seq: 6, reason: operator.reason }] });
    expect(await chainAlarm()).toBeNull();
    await act(h);
    expect(await verifyChain(h.db)).toMatchObject({ ok: true, count: 7 });
  });

  it("reads a log wiped together with its keys as a lost chain, not a fresh start", async () => {
    await fill(h, 5);
    await writeCheckpoint(h.db, "download");
    await h.db.execute(sql`delete from audit_log`);
    await h.db.execute(sql`delete from audit_head`);
    await h.db.execute(sql`delete from vault_records`); // the audit keys and the signing keys with them
    // …and the console restarts.
    forgetAuditKeysForTests();
    forgetSigningKeysForTests();

    await refused(h);
    expect(await storedAuditKeys(h.db)).toBeUndefined(); // no new chain was started
    const verdict = await verifyChain(h.db);
    expect(verdict).toMatchObject({ ok: false, problem: "chain-lost" });
    expect(verdict.ok || verdict.message).toContain("names 5 records up to #5");

    const { verdict: after } = await acknowledgeBreaks(h.db, operator);
    expect(after).toMatchObject({ ok: true, count: 1, closedChains: [{ reason: "lost", lastSeq: 5, count: 5 }] });
    await act(h);
    expect(await verifyChain(h.db)).toMatchObject({ ok: true, count: 2 });
  });

  it("starts a new database's chain beside one closed for the move, and only then", async () => {
    await fill(h, 3);
    const shared = checkpointDir();
    // Another database of the same console, anchored in the same checkpoint directory.
    const sameDirectory = () => {
      process.env.CONSOLE_CHECKPOINT_DIR = shared;
      forgetEnvForTests();
    };
    const statement = await closeChainForMove(h.db, { reason: "MOVE-1: to the new cluster", operator: "ops" });
    expect(statement).toMatchObject({ reason: "moved", lastSeq: 4, count: 4 });
    await refused(h); // nothing after the move here
    const next = await openTestDb(kind);
    try {
      sameDirectory();
      await act(next);
      expect(await verifyChain(next.db)).toMatchObject({
        ok: true,
        count: 1,
        closedChains: [{ reason: "moved", lastSeq: 4 }],
      });
    } finally {
      await next.close();
    }
  });

  it("refuses to start a chain in a new database beside a chain that was not closed", async () => {
    await fill(h, 3);
    const shared = checkpointDir();
    const next = await openTestDb(kind);
    try {
      process.env.CONSOLE_CHECKPOINT_DIR = shared;
      forgetEnvForTests();
      await expect(act(next)).rejects.toThrow(/up to #\d+\), never closed/);
      expect(await storedAuditKeys(next.db)).toBeUndefined();
    } finally {
      await next.close();
    }
  });
});

describe.each<TestDbKind>(["pglite", "postgres"])("someone with the vault key of before a rotation, on %s", (kind) => {
  let h: DbHandle;
  let old: AuditKeys;
  beforeEach(async () => {
    h = await openTestDb(kind);
    await fill(h, 3);
    // What opening a backup's vault rows with the exposed old vault key gives: the first epoch's keys.
    old = (await storedAuditKeys(h.db))!;
    expect(await rotateAuditKeys(h.db, "ops@example.com")).toEqual({ fromEpoch: 1, toEpoch: 2 });
    await fill(h, 2);
  });
  afterEach(async () => {
    forgetAuditKeysForTests();
    await h?.close();
  });

  it("rotates the chain's keys on record: the chain verifies across the new epoch", async () => {
    const rows = await rowsOf(h);
    expect(rows.map((r) => [r.seq, r.keyEpoch, r.action])).toEqual([
      [1, 1, "users.create"],
      [2, 1, "users.create"],
      [3, 1, "users.create"],
      [4, 1, "audit.keys-rotated"],
      [5, 2, "users.create"],
      [6, 2, "users.create"],
    ]);
    expect(await verifyChain(h.db)).toMatchObject({ ok: true, count: 6, keyEpoch: 2, checkpointsChecked: 2 });
  });

  it("cannot forge a record after the rotation with the old keys", async () => {
    const [last] = (await rowsOf(h)).slice(-1);
    const fields = entryFields({ actor, action: "users.delete", outcome: "ok" });
    const forged = recordHash(old.current.chain, last!.hash, fields, { seq: 7, keyEpoch: 1 });
    await h.db
      .insert(tables.auditLog)
      .values({ ...fields, input: null, seq: 7, keyEpoch: 1, prevHash: last!.hash, hash: forged });
    const head = { lastSeq: 7, lastHash: forged, count: 7, keyEpoch: 1 };
    await h.db.update(tables.auditHead).set({ ...head, mac: headMac(old.current.head, head) });
    expect(await verifyChain(h.db)).toMatchObject({ ok: false, problem: "epoch", seq: 7 });
    await refused(h);
  });

  it("cannot undo the rotation: rewriting its records under the old keys shows against the checkpoint and the vault", async () => {
    const rows = await rowsOf(h);
    await h.db.execute(sql`delete from audit_log where seq >= 4`);
    let prev = rows[2]!;
    for (const seq of [4, 5, 6]) {
      const fields = entryFields({ actor, action: "users.create", outcome: "ok" });
      const hash = recordHash(old.current.chain, prev.hash, fields, { seq, keyEpoch: 1 });
      await h.db
        .insert(tables.auditLog)
        .values({ ...fields, input: null, seq, keyEpoch: 1, prevHash: prev.hash, hash });
      prev = { ...prev, hash, seq };
    }
    const head = { lastSeq: 6, lastHash: prev.hash, count: 6, keyEpoch: 1 };
    await h.db.update(tables.auditHead).set({ ...head, mac: headMac(old.current.head, head) });
    expect(await verifyChain(h.db)).toMatchObject({ ok: false, problem: "checkpoint-mismatch", seq: 4 });
  });

  it("cannot put back a head from before the rotation", async () => {
    await h.db.execute(sql`delete from audit_log where seq >= 4`);
    const head = { lastSeq: 3, lastHash: (await rowsOf(h))[2]!.hash, count: 3, keyEpoch: 1 };
    await h.db.update(tables.auditHead).set({ ...head, mac: headMac(old.current.head, head) });
    await refused(h);
    expect(await verifyChain(h.db)).toMatchObject({ ok: false });
  });
});
