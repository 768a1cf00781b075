import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { freshChainPerTest } from "@/testing/audit/chain-db";
import { chainAlarm } from "./alarm";
import { appendAudit } from "./append";
import { checkpointDir } from "./checkpoint-dir";
import { checkpointsWritten, writeCheckpoint } from "./checkpoint-schedule";
import { lastWholeVerified } from "./last-verified";
import { sweepChain } from "./sweep";
import { verifyChain } from "./verify";

/**
 * When the whole log was last verified, as the audit page says it: a whole walk that verified (the
 * hourly sweep, a Verify) is noted in the checkpoint directory with how much it covered; a walk that
 * found the chain broken, or covered only what came after a checkpoint, is not.
 */
const actor = { id: "u1", email: "alice@example.com", role: "admin" };
async function fill(h: DbHandle, n: number) {
  for (let i = 0; i < n; i++) await appendAudit({ actor, action: "users.create", outcome: "ok" }, h.db);
  await checkpointsWritten();
}
/** The log as the database holds it: how many records, and the last one's number. */
async function logNow(h: DbHandle) {
  const seqs = (await h.db.select({ seq: tables.auditLog.seq }).from(tables.auditLog)).map((r) => Number(r.seq));
  return { count: seqs.length, lastSeq: Math.max(...seqs) };
}

describe("the last whole verification of the audit log", () => {
  let h: DbHandle;
  freshChainPerTest("pglite", (opened) => (h = opened));

  it("is none before any walk", async () => {
    expect(await lastWholeVerified()).toBeNull();
  });

  it("is none from a file in its place that does not read as one", async () => {
    await mkdir(checkpointDir(), { recursive: true });
    await writeFile(path.join(checkpointDir(), "audit-last-verified.json"), '{"at":"yesterday","by":"verify"}');
    expect(await lastWholeVerified()).toBeNull();
  });

  it("is a Verify's, with the records it covered, then the sweep's once it has walked", async () => {
    await fill(h, 6);
    const verdict = await verifyChain(h.db);
    expect(verdict.ok).toBe(true);
    expect(await lastWholeVerified()).toEqual({ at: verdict.checkedAt, by: "verify", ...(await logNow(h)) });

    await fill(h, 3);
    expect(await sweepChain(h.db, { maxRows: 4 })).toMatchObject({ ok: true });
    const swept = await lastWholeVerified();
    expect(swept).toMatchObject({ by: "sweep", ...(await logNow(h)) });
    expect(Date.parse(swept!.at)).toBeGreaterThan(Date.parse(verdict.checkedAt));
  });

  it("stays as it was when a walk finds the chain broken, or walks only from a checkpoint on", async () => {
    await fill(h, 5);
    await writeCheckpoint(h.db, "download");
    const before = await lastWholeVerified();
    expect(before).toMatchObject({ by: "verify", ...(await logNow(h)) });

    // The hourly checkpoint verifies what came after the one before: not the whole log.
    await fill(h, 3);
    expect(await writeCheckpoint(h.db, "hourly", new Date(Date.now() + 2 * 3_600_000))).toMatchObject({ count: 8 });
    expect(await lastWholeVerified()).toEqual(before);

    await h.db.update(tables.auditLog).set({ target: "moved" }).where(eq(tables.auditLog.seq, 2));
    expect(await verifyChain(h.db)).toMatchObject({ ok: false });
    expect(await sweepChain(h.db, { maxRows: 3 })).toMatchObject({ ok: false });
    expect(await lastWholeVerified()).toEqual(before);
  });
});

describe("the chain alarm's file, read the same way", () => {
  freshChainPerTest("pglite", () => undefined);

  it("counts as an alarm when it is there but does not read as one: someone wrote it", async () => {
    await mkdir(checkpointDir(), { recursive: true });
    await writeFile(path.join(checkpointDir(), "audit-chain-broken.json"), "not json");
    expect(await chainAlarm()).toMatchObject({ problem: "alarm-unreadable" });
  });
});
