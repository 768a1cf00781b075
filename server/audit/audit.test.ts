import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { openTestDb, type TestDbKind } from "@/server/db/testing";
import type { DbHandle } from "@/server/db/client";
import { tables } from "@/server/db";
import { appendAudit } from "./append";
import { verifyChain } from "./verify";
import { listAudit, iterateAudit } from "./query";
import { canonicalJson } from "./chain";
import { auditCsv } from "./csv";

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
    const rows = await handle.db.select().from(tables.auditLog).orderBy(asc(tables.auditLog.seq));
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
    expect(errors.records.every((r) => r.outcome === "error" && r.errorCode === "FORBIDDEN")).toBe(true);
    expect(errors.records).toHaveLength(4);
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

  it("exports CSV with a content hash that changes with the content", () => {
    const a = auditCsv([]);
    expect(a.csv.split("\n")[0]).toContain("seq,id,at,actor_email");
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
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
    const rows = await handle.db.select().from(tables.auditLog).orderBy(asc(tables.auditLog.seq));
    const victim = rows[6]!;
    await handle.db.delete(tables.auditLog).where(eq(tables.auditLog.seq, victim.seq));
    const verdict = await verifyChain(handle.db);
    expect(verdict).toMatchObject({ ok: false, problem: "inserted-or-deleted", seq: rows[7]!.seq });
    await handle.db.insert(tables.auditLog).values(victim);
    expect((await verifyChain(handle.db)).ok).toBe(true);
  });

  it("reports an inserted record", async () => {
    const rows = await handle.db.select().from(tables.auditLog).orderBy(asc(tables.auditLog.seq));
    const forged = { ...rows[2]!, id: "00000000-0000-4000-8000-000000000001", action: "users.create" };
    // Shift the later rows up by one so the forged row sits between #3 and #4.
    await handle.db.execute(sql`update audit_log set seq = seq + 1000 where seq > ${rows[2]!.seq}`);
    await handle.db.insert(tables.auditLog).values({ ...forged, seq: rows[2]!.seq + 1 });
    const verdict = await verifyChain(handle.db);
    expect(verdict.ok).toBe(false);
    expect(verdict).toMatchObject({ seq: rows[2]!.seq + 1 });
  });

  it("reports records cut off the end", async () => {
    const fresh = await openTestDb(kind);
    try {
      await fill(fresh, 4);
      const rows = await fresh.db.select().from(tables.auditLog).orderBy(asc(tables.auditLog.seq));
      await fresh.db.delete(tables.auditLog).where(eq(tables.auditLog.seq, rows[3]!.seq));
      expect(await verifyChain(fresh.db)).toMatchObject({ ok: false, problem: "tail-deleted" });
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
