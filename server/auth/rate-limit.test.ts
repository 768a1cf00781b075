import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { claimAttempt, settleFailure, settleSuccess } from "./rate-limit";

describe.each<TestDbKind>(["pglite", "postgres"])("sign-in throttling on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(async () => handle?.close());
  const throttle = { limit: 5, lockMinutes: 15 };
  const fail = async (key: string, at: Date) => {
    const attempt = await claimAttempt(handle.db, key, throttle, at);
    if (attempt.allowed) await settleFailure(handle.db, key, attempt, throttle, at);
    return attempt;
  };

  it("locks a key for 15 minutes at the fifth failure within a minute", async () => {
    const t0 = new Date("2026-01-01T00:00:00Z");
    for (let i = 0; i < 5; i++) expect((await fail("account:a", new Date(+t0 + i * 1000))).allowed).toBe(true);
    const sixth = await claimAttempt(handle.db, "account:a", throttle, new Date(+t0 + 5000));
    expect(sixth).toMatchObject({ allowed: false });
    expect(sixth.until?.toISOString()).toBe("2026-01-01T00:15:04.000Z");
    expect((await claimAttempt(handle.db, "account:a", throttle, new Date(+t0 + 10 * 60_000))).allowed).toBe(false);
    expect((await claimAttempt(handle.db, "account:a", throttle, new Date(+t0 + 16 * 60_000))).allowed).toBe(true);
  });

  it("starts a new window after a minute, so slow failures never lock", async () => {
    const t0 = new Date("2026-01-01T01:00:00Z");
    for (let i = 0; i < 10; i++) expect((await fail("account:slow", new Date(+t0 + i * 20_000))).allowed).toBe(true);
  });

  it("keeps keys apart; a success clears the account and returns the address its attempt", async () => {
    const t0 = new Date("2026-01-01T02:00:00Z");
    for (let i = 0; i < 4; i++) await fail("address:10.0.0.1", t0);
    expect((await claimAttempt(handle.db, "address:10.0.0.2", throttle, t0)).allowed).toBe(true);
    const fifth = await claimAttempt(handle.db, "address:10.0.0.1", throttle, t0);
    expect(fifth).toMatchObject({ allowed: true, hits: 5 });
    await settleSuccess(handle.db, { clear: ["account:x"], giveBack: "address:10.0.0.1" });
    // The successful attempt did not use up the address's budget.
    expect(await claimAttempt(handle.db, "address:10.0.0.1", throttle, t0)).toMatchObject({ allowed: true, hits: 5 });
  });

  it("lets at most the limit of a burst of parallel attempts through", async () => {
    const t0 = new Date("2026-01-01T03:00:00Z");
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () => claimAttempt(handle.db, "account:burst", throttle, t0)),
    );
    expect(attempts.filter((a) => a.allowed)).toHaveLength(throttle.limit);
    expect(new Set(attempts.map((a) => a.hits)).size).toBeGreaterThanOrEqual(throttle.limit);
  });
});
