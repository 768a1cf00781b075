import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordEndedRefusalMinutes } from "@/server/audit/refusal-counts";
import { claimAttempt } from "@/server/auth/rate-limit";
import { firstRecordOfLock } from "@/server/auth/sign-in-records";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { pruneRateLimits, startRateLimitSweep, sweepRateLimits } from "./rate-limit-prune";
import { hitWindow } from "./window-counter";

const now = new Date("2026-05-01T12:00:00Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const throttle = { limit: 2, lockMinutes: 15 };

describe.each<TestDbKind>(["pglite", "postgres"])("pruning rate-limit rows on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(async () => handle?.close());

  it("deletes rows whose window and lock ended long ago, and only those", async () => {
    // Counted two hours ago, nothing since: gone.
    await hitWindow(handle.db, "audit-unauthenticated:192.0.2.1", 60, ago(120));
    await claimAttempt(handle.db, "address:192.0.2.2", throttle, ago(120));
    // A window still running, a lock still on, a lock that ended only minutes ago: kept.
    await claimAttempt(handle.db, "address:192.0.2.3", throttle, ago(1));
    for (let i = 0; i < 3; i++) await claimAttempt(handle.db, "account:locked-now", throttle, ago(10));
    for (let i = 0; i < 3; i++) await claimAttempt(handle.db, "account:lock-just-over", throttle, ago(70));
    // A lock that ended two hours ago: gone. A lock recorded once, until a time still to come: kept.
    for (let i = 0; i < 3; i++) await claimAttempt(handle.db, "device:lock-long-over", throttle, ago(140));
    await firstRecordOfLock(handle.db, "address:192.0.2.4", new Date(now.getTime() + 5 * 60_000), ago(100));

    expect(await pruneRateLimits(handle.db, now)).toBe(3);
    const keys = (await handle.db.select({ key: tables.rateLimits.key }).from(tables.rateLimits)).map((r) => r.key);
    expect(keys.sort()).toEqual(
      [
        "account:lock-just-over",
        "account:locked-now",
        "address:192.0.2.3",
        "audit-sign-in-lock:address:192.0.2.4",
      ].sort(),
    );
    // The kept lock still holds; a pruned key counts afresh, as it would have anyway.
    expect((await claimAttempt(handle.db, "account:locked-now", throttle, now)).allowed).toBe(false);
    expect(await claimAttempt(handle.db, "address:192.0.2.2", throttle, now)).toMatchObject({ allowed: true, hits: 1 });
    expect(await pruneRateLimits(handle.db, now)).toBe(0);
  });

  it("records the count a refusal counter still owes the audit log before the sweep prunes it", async () => {
    const key = "audit-refusals:address:192.0.2.50";
    // 15 calls without a session two hours ago: 10 recorded one by one then, 5 only counted.
    for (let i = 0; i < 15; i++) await hitWindow(handle.db, key, 60, ago(120));
    await sweepRateLimits(handle.db, (db) => recordEndedRefusalMinutes(db, now), now);
    const records = await handle.db
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.action, "audit.refusals-counted"), eq(tables.auditLog.ip, "192.0.2.50")));
    expect(records.map((r) => r.input)).toEqual([
      { countedNotRecorded: 5, from: ago(120).toISOString(), until: ago(119).toISOString() },
    ]);
    expect(await handle.db.select().from(tables.rateLimits).where(eq(tables.rateLimits.key, key))).toEqual([]);
  });

  it("refuses a counter window the sweep would cut short", async () => {
    await expect(hitWindow(handle.db, "too-long", 3 * 3600, now)).rejects.toThrow(/too long/);
  });
});

describe("the rate-limit sweep", () => {
  it("runs on its own soon after start and then every few minutes", async () => {
    const handle = await openTestDb("pglite");
    setDbForTests(handle);
    vi.useFakeTimers({ toFake: ["setTimeout", "setInterval"] });
    try {
      const old = new Date(Date.now() - 3 * 3600_000);
      await hitWindow(handle.db, "audit-unauthenticated:192.0.2.9", 60, old);
      startRateLimitSweep();
      const count = async () => (await handle.db.select().from(tables.rateLimits)).length;
      await vi.advanceTimersByTimeAsync(30_000);
      await vi.waitFor(async () => expect(await count()).toBe(0));
      await hitWindow(handle.db, "audit-unauthenticated:192.0.2.9", 60, old);
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      await vi.waitFor(async () => expect(await count()).toBe(0));
    } finally {
      vi.useRealTimers();
      setDbForTests(undefined);
      await handle.close();
    }
  });
});
