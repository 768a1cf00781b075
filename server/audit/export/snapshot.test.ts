import { parse } from "csv-parse/sync";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { chainAlarm } from "../alarm";
import { appendAudit } from "../append";
import { forgetAuditKeysForTests } from "../keys";
import { verifyChain } from "../verify";
import { exportFromSnapshot } from "./snapshot";

/**
 * An audit export's verdict is about exactly the rows in its file: a database writer who changes a
 * record after the chain was verified and before the rows are read gets neither an "intact" manifest
 * over the changed row nor the change into the file. PostgreSQL only: with PGlite's one connection
 * nobody can write while the export's snapshot is open.
 */
/** A test database whose audit log holds `records` records t0, t1, …, in order. */
async function seededDb(kind: TestDbKind, records: number): Promise<DbHandle> {
  const h = await openTestDb(kind);
  for (let i = 0; i < records; i++)
    await appendAudit(
      {
        actor: { id: "u", email: "a@example.com", role: "admin" },
        action: "users.create",
        target: `t${i}`,
        outcome: "ok",
      },
      h.db,
    );
  return h;
}

describe("the audit export's snapshot, on postgres", () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await seededDb("postgres", 30);
  });
  afterAll(async () => h?.close());

  it("writes the rows it verified, whatever is written meanwhile", async () => {
    const before = await h.db.select().from(tables.auditLog).orderBy(asc(tables.auditLog.seq));
    const chunks: string[] = [];
    const exported = await exportFromSnapshot(h.db, {
      filters: {},
      throughSeq: 30,
      signal: new AbortController().signal,
      progress: () => {},
      write: async (text) => void chunks.push(text),
      afterVerify: async () => {
        // Another connection, committed at once: the writer between the verification and the read.
        await h.db.update(tables.auditLog).set({ target: "altered" }).where(eq(tables.auditLog.seq, 12));
      },
    });
    expect(exported.verdict).toMatchObject({ ok: true, count: 30 });
    const rows = parse(chunks.join(""), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(30);
    const byseq = new Map(rows.map((r) => [Number(r.seq), r]));
    expect(byseq.get(12)).toMatchObject({ target: "t11", hash: before[11]!.hash });
    expect(rows.map((r) => r.hash).sort()).toEqual(before.map((r) => r.hash).sort());
    // The change was real: the next verification finds it.
    expect(await verifyChain(h.db)).toMatchObject({ ok: false, problem: "edited", seq: 12 });
  });
});

describe("the audit export's snapshot, on PGlite", () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await seededDb("pglite", 10);
  });
  afterAll(async () => h?.close());

  it("finishes when the keys must be read again and the chain is broken, and raises the alarm after", async () => {
    // PGlite runs one statement at a time: a read or write through the database handle awaited inside
    // the export's open transaction would wait for that transaction forever. A restarted console reads
    // its keys again, and a broken chain raises the alarm: both happen outside the snapshot.
    await h.db.update(tables.auditLog).set({ target: "altered" }).where(eq(tables.auditLog.seq, 4));
    forgetAuditKeysForTests();
    const chunks: string[] = [];
    const exported = await exportFromSnapshot(h.db, {
      filters: {},
      throughSeq: 10,
      signal: new AbortController().signal,
      progress: () => {},
      write: async (text) => void chunks.push(text),
    });
    expect(exported.verdict).toMatchObject({ ok: false, problem: "edited", seq: 4 });
    expect(parse(chunks.join(""), { columns: true })).toHaveLength(10);
    expect(await chainAlarm()).toMatchObject({ problem: "edited" });
  }, 30_000);
});
