import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TestDbKind } from "@/server/db/testing";
import type { DbHandle } from "@/server/db/client";
import { clearFailures, lockedUntil, registerFailure } from "./rate-limit";

describe.each<TestDbKind>(["pglite", "postgres"])("sign-in throttling on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(async () => handle?.close());
  const throttle = { limit: 5, lockMinutes: 15 };

  it("locks a key for 15 minutes at the fifth failure within a minute", async () => {
    const t0 = new Date("2026-01-01T00:00:00Z");
    for (let i = 0; i < 4; i++)
      expect((await registerFailure(handle.db, "account:a", throttle, new Date(+t0 + i * 1000))).locked).toBe(false);
    expect(await lockedUntil(handle.db, "account:a", new Date(+t0 + 5000))).toBeNull();
    const fifth = await registerFailure(handle.db, "account:a", throttle, new Date(+t0 + 5000));
    expect(fifth.locked).toBe(true);
    expect(fifth.until?.toISOString()).toBe("2026-01-01T00:15:05.000Z");
    expect(await lockedUntil(handle.db, "account:a", new Date(+t0 + 10 * 60_000))).not.toBeNull();
    expect(await lockedUntil(handle.db, "account:a", new Date(+t0 + 16 * 60_000))).toBeNull();
  });

  it("starts a new window after a minute, so slow failures never lock", async () => {
    const t0 = new Date("2026-01-01T01:00:00Z");
    for (let i = 0; i < 10; i++)
      expect((await registerFailure(handle.db, "account:slow", throttle, new Date(+t0 + i * 20_000))).locked).toBe(
        false,
      );
  });

  it("keeps keys apart and clears on success", async () => {
    const t0 = new Date("2026-01-01T02:00:00Z");
    for (let i = 0; i < 5; i++) await registerFailure(handle.db, "address:10.0.0.1", throttle, t0);
    expect(await lockedUntil(handle.db, "address:10.0.0.2", t0)).toBeNull();
    expect(await lockedUntil(handle.db, "address:10.0.0.1", t0)).not.toBeNull();
    await clearFailures(handle.db, "address:10.0.0.1");
    expect(await lockedUntil(handle.db, "address:10.0.0.1", t0)).toBeNull();
  });

  it("counts concurrent failures exactly (no lost updates)", async () => {
    const t0 = new Date("2026-01-01T03:00:00Z");
    await Promise.all(Array.from({ length: 5 }, () => registerFailure(handle.db, "account:burst", throttle, t0)));
    expect(await lockedUntil(handle.db, "account:burst", t0)).not.toBeNull();
  });
});
