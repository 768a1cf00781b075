import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { acknowledgeBreaks } from "./acknowledge";
import { ACKNOWLEDGE_ACTION } from "./acknowledge-format";
import { appendAudit } from "./append";
import { storedCheckpoints } from "./checkpoint-files";
import { checkpointsWritten, writeCheckpoint } from "./checkpoint-schedule";
import { AuditTamperedError } from "./guard";
import { verifyChain } from "./verify";

const actor = { id: "u1", email: "alice@example.com", role: "admin" };
const append = (h: DbHandle, n: number) =>
  (async () => {
    for (let i = 0; i < n; i++) await appendAudit({ actor, action: "users.create", outcome: "ok", input: { i } }, h.db);
  })();
const rowsOf = (h: DbHandle) => h.db.select().from(tables.auditLog).orderBy(asc(tables.auditLog.seq));
const operator = { reason: "INC-42: restored from the 02:00 backup", operator: "ops@example.com" };

/**
 * After damage done outside the console, appends are refused until an operator acknowledges what
 * Verify found; the acknowledgement is a sealed record, the log verifies past exactly that break, and
 * every later Verify names it.
 */
describe.each<TestDbKind>(["pglite", "postgres"])("acknowledging a broken chain on %s", (kind) => {
  let h: DbHandle;
  beforeEach(async () => {
    h = await openTestDb(kind);
    await append(h, 5);
    await checkpointsWritten();
    expect((await storedCheckpoints(h.db)).newest).toBeDefined();
    // Anchored now, with all five: what follows removes records a checkpoint names.
    await writeCheckpoint(h.db, "download");
    expect((await storedCheckpoints(h.db)).newest?.checkpoint.count).toBe(5);
  });
  afterEach(async () => h?.close());

  it("a cut tail with a rewritten head: refused, acknowledged, then appends resume and Verify names the break", async () => {
    const rows = await rowsOf(h);
    await h.db.execute(sql`delete from audit_log where seq > ${rows[2]!.seq}`);
    await h.db.update(tables.auditHead).set({ lastSeq: rows[2]!.seq, lastHash: rows[2]!.hash, count: 3 });
    await expect(appendAudit({ actor, action: "users.create", outcome: "ok" }, h.db)).rejects.toThrow(
      AuditTamperedError,
    );

    const { acknowledged, verdict } = await acknowledgeBreaks(h.db, operator);
    expect(acknowledged).toHaveLength(1);
    expect(acknowledged[0]!.finding).toContain(`Records #${rows[3]!.seq}–#${rows[4]!.seq} are missing`);
    expect(verdict).toMatchObject({ ok: true, acknowledged: [{ by: "ops@example.com", reason: operator.reason }] });
    // Anchored at once: the newest checkpoint is the acknowledgement's.
    expect((await storedCheckpoints(h.db)).newest?.checkpoint).toMatchObject({ reason: "acknowledged" });

    await append(h, 2);
    expect(await verifyChain(h.db)).toMatchObject({
      ok: true,
      count: 6,
      acknowledged: [{ seq: acknowledged[0]!.seq }],
    });
  });

  it("records removed from the middle: the walk passes that break only", async () => {
    const rows = await rowsOf(h);
    await h.db.delete(tables.auditLog).where(eq(tables.auditLog.seq, rows[1]!.seq));
    const { acknowledged, verdict } = await acknowledgeBreaks(h.db, operator);
    expect(acknowledged.map((a) => a.finding)).toEqual([expect.stringContaining(`Record #${rows[1]!.seq} is missing`)]);
    expect(verdict.ok).toBe(true);
    // A second, unacknowledged edit is still caught.
    await h.db.update(tables.auditLog).set({ target: "edited" }).where(eq(tables.auditLog.seq, rows[3]!.seq));
    expect(await verifyChain(h.db)).toMatchObject({ ok: false, problem: "edited", seq: rows[3]!.seq });
  });

  it("a database rolled back to an older state after newer checkpoints: acknowledged, checkpoints go on", async () => {
    const [saved] = await h.db.select().from(tables.auditHead);
    const rows = await rowsOf(h);
    await append(h, 3);
    expect(await writeCheckpoint(h.db, "download")).toMatchObject({ count: 8 });
    await h.db.execute(sql`delete from audit_log where seq > ${rows[4]!.seq}`);
    await h.db.update(tables.auditHead).set({ ...saved! });
    expect(await verifyChain(h.db)).toMatchObject({ ok: false, problem: "tail-deleted" });

    const { verdict } = await acknowledgeBreaks(h.db, operator);
    expect(verdict).toMatchObject({ ok: true, count: 6 });
    await append(h, 1);
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    expect(await writeCheckpoint(h.db, "hourly", later)).toMatchObject({ count: 7 });
    expect(await verifyChain(h.db)).toMatchObject({ ok: true, count: 7 });
  });

  it("an emptied log: the acknowledgement starts the chain again, on record", async () => {
    await h.db.execute(sql`delete from audit_log`);
    await h.db.execute(sql`delete from audit_head`);
    await expect(appendAudit({ actor, action: "users.create", outcome: "ok" }, h.db)).rejects.toThrow(
      AuditTamperedError,
    );
    const { verdict } = await acknowledgeBreaks(h.db, operator);
    expect(verdict).toMatchObject({
      ok: true,
      count: 1,
      acknowledged: [{ finding: expect.stringMatching(/missing/) }],
    });
    await append(h, 1);
    expect(await verifyChain(h.db)).toMatchObject({ ok: true, count: 2 });
  });

  it("an acknowledgement written without the key excuses nothing", async () => {
    const rows = await rowsOf(h);
    await h.db.update(tables.auditLog).set({ target: "edited" }).where(eq(tables.auditLog.seq, rows[1]!.seq));
    const last = rows.at(-1)!;
    // A forger copies a row's shape and claims an acknowledgement of the edit, and of its own seal.
    await h.db.insert(tables.auditLog).values({
      ...last,
      seq: last.seq + 1,
      id: "00000000-0000-4000-8000-0000000000aa",
      action: ACKNOWLEDGE_ACTION,
      prevHash: last.hash,
      hash: "f".repeat(64),
      input: { finding: { message: "forged" }, reason: "forged", accepts: { editedSeq: rows[1]!.seq } },
    });
    expect(await verifyChain(h.db)).toMatchObject({ ok: false, problem: "edited", seq: rows[1]!.seq });
  });
});
