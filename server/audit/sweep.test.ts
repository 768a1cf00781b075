import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { freshChainPerTest } from "@/testing/audit/chain-db";
import type { TestDbKind } from "@/testing/db";
import { chainAlarm } from "./alarm";
import { appendAudit } from "./append";
import { checkpointsWritten, writeCheckpoint } from "./checkpoint-schedule";
import { rotateAuditKeys } from "./rotation";
import { sweepChain } from "./sweep";
import { verifyChain } from "./verify";

/**
 * The sweep against the database writer the audit log is built against: a record rewritten long after
 * it was checkpointed is out of reach of the hourly checkpoint (it verifies only what was added since
 * the one before), and a rewritten action or target takes a record out of every read that selects
 * records by them. A pass over the whole chain, stretch by stretch, must find it.
 */
const actor = { id: "u1", email: "alice@example.com", role: "admin" };
const act = (h: DbHandle, action = "users.create", target?: string) =>
  appendAudit({ actor, action, ...(target ? { target } : {}), outcome: "ok" }, h.db);
async function fill(h: DbHandle, n: number) {
  for (let i = 0; i < n; i++) await act(h);
  await checkpointsWritten();
}
const countOf = async (h: DbHandle) => (await h.db.select().from(tables.auditLog)).length;

describe.each<TestDbKind>(["pglite", "postgres"])("the audit chain's sweep, on %s", (kind) => {
  let h: DbHandle;
  freshChainPerTest(kind, (opened) => (h = opened));

  it("finds an old record whose action and target were rewritten, which the hourly checkpoint passes over", async () => {
    await act(h, "notifications.rule", "notifications:audit-chain");
    await fill(h, 20);
    await writeCheckpoint(h.db, "download");
    // The writer moves the switch record out of what the rules' read selects.
    await h.db.update(tables.auditLog).set({ action: "users.create", target: null }).where(eq(tables.auditLog.seq, 1));
    await fill(h, 3);
    // The hourly checkpoint verifies only what came after the one before: it signs over the edit.
    expect(await writeCheckpoint(h.db, "hourly", new Date(Date.now() + 2 * 3_600_000))).toMatchObject({ count: 24 });
    expect(await chainAlarm()).toBeNull();

    expect(await sweepChain(h.db, { maxRows: 5 })).toMatchObject({ ok: false });
    expect(await chainAlarm()).toMatchObject({ problem: "edited" });
    expect(await verifyChain(h.db)).toMatchObject({ ok: false, problem: "edited", seq: 1 });
  });

  // Stretches of 4: #1–#4, then #4–#7, #7–#10, #10–#12: #9 is inside one, #7 ends one and begins the next.
  it.each([9, 7])("finds record #%i edited, inside a stretch or where two meet", async (seq) => {
    await fill(h, 12);
    await h.db.update(tables.auditLog).set({ target: "moved" }).where(eq(tables.auditLog.seq, seq));
    expect(await sweepChain(h.db, { maxRows: 4 })).toMatchObject({ ok: false });
    expect(await chainAlarm()).toMatchObject({ problem: "edited" });
    expect(await verifyChain(h.db)).toMatchObject({ ok: false, seq });
  });

  it("walks a sound chain stretch by stretch, across a key rotation and records added between stretches", async () => {
    await fill(h, 5);
    await rotateAuditKeys(h.db, "ops@example.com");
    await fill(h, 4);
    let added = 0;
    const pause = async () => {
      if (added < 3) {
        added += 1;
        await act(h);
      }
    };
    // Stretches of two: every record, the rotation's among them, is the end of one and the start of the next.
    const { ok, stretches } = await sweepChain(h.db, { maxRows: 2, pause });
    const count = await countOf(h);
    expect(count).toBe(5 + 1 + 4 + 3);
    expect({ ok, stretches }).toEqual({ ok: true, stretches: count });
    expect(await chainAlarm()).toBeNull();
    expect(await verifyChain(h.db)).toMatchObject({ ok: true, count });
  });

  it("finds a tail cut under an old head at the end of its pass", async () => {
    await fill(h, 8);
    const [saved] = await h.db.select().from(tables.auditHead);
    await fill(h, 4);
    await writeCheckpoint(h.db, "download");
    await h.db.execute(sql`delete from audit_log where seq > 8`);
    await h.db.update(tables.auditHead).set(saved!);
    expect(await sweepChain(h.db, { maxRows: 3 })).toMatchObject({ ok: false });
    expect(await chainAlarm()).toMatchObject({ problem: expect.any(String) });
  });
});
