import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSignature } from "@/lib/evidence/signature";
import { tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { appendAudit, MAX_STORED_INPUT_CHARS } from "./append";
import { canonicalJson } from "./chain";
import { signCheckpoint } from "./checkpoint";
import { checkpointDir } from "./checkpoint-dir";
import { checkpointFileName, storedCheckpoints } from "./checkpoint-files";
import { CHECKPOINT_EVERY_MS, checkpointsWritten, writeCheckpoint } from "./checkpoint-schedule";
import { auditCsv } from "./csv";
import { AuditTamperedError } from "./guard";
import { listAudit, iterateAudit } from "./query";
import { verifyChain } from "./verify";

const actor = { id: "u1", email: "alice@example.com", role: "admin" };

async function fill(handle: DbHandle, n: number) {
  for (let i = 0; i < n; i++)
    await appendAudit(
      {
        actor,
        action: i % 2 ? "users.create" : "auth.sign-in",
        target: `t${i}`,
        input: { i, password: "hunter2-hunter2", nested: { clientApiKey: "ck_live_secret" } },
        outcome: i % 3 ? "ok" : "error",
        errorCode: i % 3 ? null : "FORBIDDEN",
      },
      handle.db,
    );
}

const rowsOf = (handle: DbHandle) => handle.db.select().from(tables.auditLog).orderBy(asc(tables.auditLog.seq));

/**
 * What someone with write access to the database but without the vault key can do: recompute a
 * chain with a plain SHA-256 (the algorithm is no secret) over edited records, and fix the head.
 */
async function rewriteWithoutKey(handle: DbHandle, fromIndex: number, edit: (row: { target: string | null }) => void) {
  const rows = await rowsOf(handle);
  let prev = rows[fromIndex - 1]?.hash ?? "0".repeat(64);
  for (const row of rows.slice(fromIndex)) {
    if (row === rows[fromIndex]) edit(row);
    const content = canonicalJson({
      id: row.id,
      at: new Date(row.at).toISOString(),
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      actorRole: row.actorRole,
      action: row.action,
      target: row.target,
      input: row.input ?? null,
      outcome: row.outcome,
      errorCode: row.errorCode,
      errorMessage: row.errorMessage,
      requestId: row.requestId,
      ip: row.ip,
      intentId: row.intentId,
    });
    // The algorithm is no secret; the key is. A forger recomputes the seals with a plain SHA-256.
    const hash = createHash("sha256").update(prev).update("\n").update(content).digest("hex");
    await handle.db
      .update(tables.auditLog)
      .set({ target: row.target, prevHash: prev, hash })
      .where(eq(tables.auditLog.seq, row.seq));
    prev = hash;
  }
  await handle.db.update(tables.auditHead).set({ lastHash: prev });
}

describe.each<TestDbKind>(["pglite", "postgres"])("audit log on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(async () => handle?.close());

  it("appends records whose chain verifies, with secrets redacted", async () => {
    await fill(handle, 12);
    const verdict = await verifyChain(handle.db);
    expect(verdict).toMatchObject({ ok: true, count: 12 });
    const rows = await rowsOf(handle);
    const text = JSON.stringify(rows);
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("ck_live_secret");
    expect(rows[0]?.input).toMatchObject({ password: "[redacted]", nested: { clientApiKey: "[redacted]" } });
  });

  it("keeps the chain consistent under concurrent appends", async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        appendAudit({ actor, action: "audit.verify", outcome: "ok", input: { i } }, handle.db),
      ),
    );
    expect(await verifyChain(handle.db)).toMatchObject({ ok: true, count: 22 });
  });

  it("filters and pages newest first without skipping or repeating", async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await listAudit(handle.db, {}, { cursor, limit: 5 });
      seen.push(...page.records.map((r) => r.seq));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(22);
    expect(new Set(seen).size).toBe(22);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const errors = await listAudit(handle.db, { outcome: "error" }, { limit: 100 });
    expect(errors.records).toHaveLength(4);
    expect(errors.records.every((r) => r.outcome === "error" && r.errorCode === "FORBIDDEN")).toBe(true);
    const creates = await listAudit(handle.db, { action: "users.create", actor: "ALICE@" }, { limit: 100 });
    expect(creates.records).toHaveLength(6);
    const prefix = await listAudit(handle.db, { action: "auth." }, { limit: 100 });
    expect(prefix.records).toHaveLength(6);
    const future = await listAudit(handle.db, { from: new Date(Date.now() + 60_000).toISOString() }, { limit: 100 });
    expect(future.records).toHaveLength(0);
    const all = [];
    for await (const r of iterateAudit(handle.db, {}, 7)) all.push(r);
    expect(all).toHaveLength(22);
  });

  it("stores text PostgreSQL refuses (NUL, lone surrogates) escaped, and the record still verifies", async () => {
    const nasty = "ticket\u0000 \uD800 end";
    await appendAudit(
      { actor, action: "test.nasty", target: nasty, input: { reason: nasty, [`k\u0000`]: 1 }, outcome: "ok" },
      handle.db,
    );
    const [row] = await handle.db.select().from(tables.auditLog).where(eq(tables.auditLog.action, "test.nasty"));
    expect(row?.target).toBe("ticket\\u0000 \uFFFD end");
    expect(row?.input).toEqual({ reason: "ticket\\u0000 \uFFFD end", "k\\u0000": 1 });
    expect(await verifyChain(handle.db)).toMatchObject({ ok: true });
  });

  it("keeps at most a bounded summary of a huge input", async () => {
    await appendAudit(
      { actor, action: "test.huge", input: { blob: "x".repeat(100_000) }, outcome: "error" },
      handle.db,
    );
    const [row] = await handle.db.select().from(tables.auditLog).where(eq(tables.auditLog.action, "test.huge"));
    expect(JSON.stringify(row?.input).length).toBeLessThan(MAX_STORED_INPUT_CHARS);
    expect(row?.input).toMatchObject({ truncated: true, characters: expect.any(Number) });
  });

  it("verifies inside one snapshot: records appended while it runs are not a false alarm", async () => {
    if (kind === "pglite") return; // one connection: appends wait for the verification anyway
    const before = (await rowsOf(handle)).length;
    let appended = 0;
    const verdict = await verifyChain(handle.db, {
      batchSize: 5,
      afterBatch: async () => {
        appended += 1;
        await appendAudit({ actor, action: "audit.verify", outcome: "ok" }, handle.db);
      },
    });
    expect(appended).toBeGreaterThan(0);
    expect(verdict).toMatchObject({ ok: true, count: before });
    expect(await verifyChain(handle.db)).toMatchObject({ ok: true, count: before + appended });
  });

  it("reports an edited record", async () => {
    const [victim] = await handle.db
      .select()
      .from(tables.auditLog)
      .orderBy(asc(tables.auditLog.seq))
      .offset(4)
      .limit(1);
    await handle.db.update(tables.auditLog).set({ target: "tampered" }).where(eq(tables.auditLog.seq, victim!.seq));
    const verdict = await verifyChain(handle.db);
    expect(verdict).toMatchObject({ ok: false, problem: "edited", seq: victim!.seq });
    await handle.db.update(tables.auditLog).set({ target: victim!.target }).where(eq(tables.auditLog.seq, victim!.seq));
    expect((await verifyChain(handle.db)).ok).toBe(true);
  });

  it("reports a deleted record at the row after the gap", async () => {
    const rows = await rowsOf(handle);
    const victim = rows[6]!;
    await handle.db.delete(tables.auditLog).where(eq(tables.auditLog.seq, victim.seq));
    const verdict = await verifyChain(handle.db);
    expect(verdict).toMatchObject({ ok: false, problem: "inserted-or-deleted", seq: rows[7]!.seq });
    await handle.db.insert(tables.auditLog).values(victim);
    expect((await verifyChain(handle.db)).ok).toBe(true);
  });

  it("reports an inserted record", async () => {
    const rows = await rowsOf(handle);
    const forged = { ...rows[2]!, id: "00000000-0000-4000-8000-000000000001", action: "users.create" };
    // Shift the later rows up by one so the forged row sits between #3 and #4.
    await handle.db.execute(sql`update audit_log set seq = seq + 1000 where seq > ${rows[2]!.seq}`);
    await handle.db.insert(tables.auditLog).values({ ...forged, seq: rows[2]!.seq + 1 });
    const verdict = await verifyChain(handle.db);
    expect(verdict.ok).toBe(false);
    expect(verdict).toMatchObject({ seq: rows[2]!.seq + 1 });
  });

  it("reports records cut off the end, naming them and since when", async () => {
    const fresh = await openTestDb(kind);
    try {
      await fill(fresh, 4);
      const rows = await rowsOf(fresh);
      await fresh.db.delete(tables.auditLog).where(eq(tables.auditLog.seq, rows[3]!.seq));
      const verdict = await verifyChain(fresh.db);
      expect(verdict).toMatchObject({
        ok: false,
        problem: "tail-deleted",
        missing: { fromSeq: rows[3]!.seq, toSeq: rows[3]!.seq, after: { seq: rows[2]!.seq } },
      });
      expect(verdict.ok || verdict.message).toContain(`#${rows[3]!.seq}`);
    } finally {
      await fresh.close();
    }
  });

  it("detects a chain rewritten by someone without the key, even with a consistent head", async () => {
    const fresh = await openTestDb(kind);
    try {
      await fill(fresh, 6);
      const rows = await rowsOf(fresh);
      await rewriteWithoutKey(fresh, 2, (row) => (row.target = "rewritten"));
      expect(await verifyChain(fresh.db)).toMatchObject({ ok: false, problem: "edited", seq: rows[2]!.seq });
    } finally {
      await fresh.close();
    }
  });

  it("detects a tail cut with the head rewritten to match, and refuses to append on top of it", async () => {
    const fresh = await openTestDb(kind);
    try {
      await fill(fresh, 6);
      const rows = await rowsOf(fresh);
      const keep = rows[3]!;
      // The forger removes the last two records and makes the head describe the rest.
      await fresh.db.execute(sql`delete from audit_log where seq > ${keep.seq}`);
      await fresh.db.update(tables.auditHead).set({ lastSeq: keep.seq, lastHash: keep.hash, count: 4 });
      const verdict = await verifyChain(fresh.db);
      expect(verdict).toMatchObject({ ok: false, problem: "head-forged" });
      // An append would seal a fresh head over the cut and hide it: the console refuses instead.
      await expect(appendAudit({ actor, action: "users.create", outcome: "ok" }, fresh.db)).rejects.toThrow(
        AuditTamperedError,
      );
      expect(await rowsOf(fresh)).toHaveLength(4);
    } finally {
      await fresh.close();
    }
  });

  it("detects a log emptied together with its head", async () => {
    const fresh = await openTestDb(kind);
    try {
      await fill(fresh, 3);
      // The first record's checkpoint is written after its append returns; let it land.
      await checkpointsWritten();
      expect((await storedCheckpoints(fresh.db)).newest).toBeDefined();
      await fresh.db.execute(sql`delete from audit_log`);
      await fresh.db.execute(sql`delete from audit_head`);
      const verdict = await verifyChain(fresh.db);
      expect(verdict).toMatchObject({ ok: false, problem: "emptied", count: 0 });
      // The first record's checkpoint, outside the database, names what was there.
      expect(verdict.ok || verdict.message).toMatch(/^(Record #1 is|Records #1–#\d+ are) missing: the log is empty/);
      await expect(appendAudit({ actor, action: "users.create", outcome: "ok" }, fresh.db)).rejects.toThrow(
        AuditTamperedError,
      );
    } finally {
      await fresh.close();
    }
  });

  it("detects a rollback to an older genuine head against the newest checkpoint, naming what is missing", async () => {
    const fresh = await openTestDb(kind);
    try {
      await fill(fresh, 4);
      // Someone who can read the database keeps the head row as it is now…
      const [saved] = await fresh.db.select().from(tables.auditHead);
      await fill(fresh, 3);
      const written = await writeCheckpoint(fresh.db, "download");
      expect(written).toMatchObject({ count: 7 });
      // …and later cuts the three newest records and puts the saved head back: its seal is genuine.
      const rows = await rowsOf(fresh);
      await fresh.db.execute(sql`delete from audit_log where seq > ${saved!.lastSeq}`);
      await fresh.db.update(tables.auditHead).set({ ...saved! });
      const verdict = await verifyChain(fresh.db);
      expect(verdict).toMatchObject({
        ok: false,
        problem: "tail-deleted",
        missing: { fromSeq: rows[4]!.seq, toSeq: rows[6]!.seq, after: { seq: rows[3]!.seq } },
        anchor: { source: "directory", count: 7, lastSeq: rows[6]!.seq },
      });
      expect(verdict.ok || verdict.message).toContain(`#${rows[4]!.seq}–#${rows[6]!.seq}`);
    } finally {
      await fresh.close();
    }
  });

  it("writes signed checkpoints at the first record and verifies against the newest", async () => {
    const fresh = await openTestDb(kind);
    try {
      await fill(fresh, 1);
      // The first record's checkpoint is written after its append returns; let it land.
      await checkpointsWritten();
      expect((await storedCheckpoints(fresh.db)).newest?.checkpoint).toMatchObject({
        count: 1,
        reason: "first-record",
      });
      await fill(fresh, 1);
      expect(await writeCheckpoint(fresh.db, "hourly")).toBeNull(); // the newest is not an hour old
      const later = new Date(Date.now() + CHECKPOINT_EVERY_MS + 1000);
      expect(await writeCheckpoint(fresh.db, "hourly", later)).toMatchObject({ count: 2, reason: "hourly" });
      expect(await writeCheckpoint(fresh.db, "hourly", later)).toBeNull(); // nothing new since
      const verdict = await verifyChain(fresh.db);
      expect(verdict).toMatchObject({ ok: true, count: 2, anchor: { source: "directory", count: 2 } });
    } finally {
      await fresh.close();
    }
  });

  it("flags a file in the checkpoint directory that is not an authentic checkpoint", async () => {
    const fresh = await openTestDb(kind);
    try {
      await fill(fresh, 2);
      const written = await writeCheckpoint(fresh.db, "download");
      if (!written) throw new Error("expected a checkpoint");
      const forged = { ...written, count: 1, at: new Date(Date.now() + 60_000).toISOString() };
      await writeFile(path.join(checkpointDir(), written.chainId, checkpointFileName(forged)), JSON.stringify(forged));
      expect(await verifyChain(fresh.db)).toMatchObject({ ok: false, problem: "checkpoint-invalid" });
    } finally {
      await fresh.close();
    }
  });

  it("verifies against a checkpoint kept elsewhere, and refuses an altered one", async () => {
    const fresh = await openTestDb(kind);
    try {
      await fill(fresh, 6);
      const verdict = await verifyChain(fresh.db);
      if (!verdict.ok) throw new Error("chain should verify");
      const checkpoint = await signCheckpoint(
        fresh.db,
        { lastSeq: verdict.lastSeq, count: verdict.count, lastHash: verdict.headHash, lastAt: verdict.lastAt },
        "download",
      );
      expect(checkSignature(checkpoint).ok).toBe(true);
      expect(await verifyChain(fresh.db, { checkpoint })).toMatchObject({ ok: true, checkpoint: { count: 6 } });
      const rows = await rowsOf(fresh);
      const altered = { ...checkpoint, count: 4, lastSeq: rows[3]!.seq, headHash: rows[3]!.hash };
      expect(await verifyChain(fresh.db, { checkpoint: altered })).toMatchObject({
        ok: false,
        problem: "checkpoint-invalid",
      });
    } finally {
      await fresh.close();
    }
  });
});

describe("canonical JSON", () => {
  it("does not depend on key order", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { y: 2, z: 1 }] }, b: 1 }),
    );
  });
});

describe("audit CSV", () => {
  const record = (over: Partial<Parameters<typeof auditCsv>[0][number]>) => ({
    seq: 1,
    id: "00000000-0000-4000-8000-000000000009",
    at: "2026-11-21T09:30:00.000Z",
    actorEmail: "alice@example.com",
    actorRole: "admin",
    action: "auth.sign-in-failed",
    target: "alice@example.com",
    input: { a: 1 },
    outcome: "error" as const,
    errorCode: "INVALID_CREDENTIALS",
    errorMessage: null,
    requestId: "r1",
    ip: "203.0.113.7",
    intentId: null,
    hash: "ab".repeat(32),
    ...over,
  });

  it("is a CSV a parser reads back, with the SHA-256 of exactly its bytes", () => {
    const { csv, sha256 } = auditCsv([record({}), record({ seq: 2, target: 'quote " and, comma' })]);
    const rows = parse(csv) as string[][];
    expect(rows[0]?.slice(0, 4)).toEqual(["seq", "id", "at", "actor_email"]);
    expect(rows).toHaveLength(3);
    expect(rows[2]?.[6]).toBe('quote " and, comma');
    expect(sha256).toBe(createHash("sha256").update(csv).digest("hex"));
    expect(auditCsv([record({ seq: 3 })]).sha256).not.toBe(sha256);
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    const hostile = ['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"];
    const { csv } = auditCsv(hostile.map((target, i) => record({ seq: i + 1, actorEmail: target, target })));
    const rows = (parse(csv) as string[][]).slice(1);
    for (const [i, row] of rows.entries()) {
      expect(row[3]).toBe(`'${hostile[i]}`);
      expect(row[6]).toBe(`'${hostile[i]}`);
    }
    expect(rows).toHaveLength(hostile.length);
  });
});
