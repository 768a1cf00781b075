import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import type * as PasswordModule from "./password";

// Count how many attempts reach the password check, keeping the real scrypt behind it.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock("./password", async (original) => {
  const real = await original<typeof PasswordModule>();
  return {
    ...real,
    verifyPassword: async (password: string, hash: string) => {
      checks.count += 1;
      return real.verifyPassword(password, hash);
    },
  };
});

const { signInWithPassword, SIGN_IN_ERRORS } = await import("./credentials");
const { FAILED_SIGN_IN_RECORDS_PER_MINUTE } = await import("./sign-in-records");
const { hashPassword } = await import("./password");

describe.each<TestDbKind>(["pglite", "postgres"])("password sign-in on %s", (kind) => {
  let handle: DbHandle;
  let victimId = "";
  beforeAll(async () => {
    handle = await openTestDb(kind);
    setDbForTests(handle);
    const [victim] = await handle.db
      .insert(tables.users)
      .values({ email: "victim@example.com", role: "support", passwordHash: await hashPassword("right-password-1") })
      .returning({ id: tables.users.id });
    victimId = victim!.id;
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle.close();
  });
  beforeEach(async () => {
    checks.count = 0;
    await handle.db.delete(tables.rateLimits);
  });

  const attempt = (password: string, ip = "203.0.113.5") =>
    signInWithPassword({ email: "victim@example.com", password }, { ip, requestId: "r" }).then(
      () => "ok",
      (e: Error) => e.message,
    );

  it("evaluates exactly the account limit of 50 parallel wrong attempts, and locks the rest out", async () => {
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(`wrong-${i}`, `203.0.113.${i}`)));
    // Five are checked (the limit), no more and no fewer: a lock that refused everything would fail too.
    // The fifth failure is the one that locks, so it answers "locked" like the 45 never checked.
    expect(checks.count).toBe(5);
    expect(outcomes.filter((o) => o === SIGN_IN_ERRORS.invalid).length).toBe(4);
    expect(outcomes.filter((o) => o === SIGN_IN_ERRORS.locked).length).toBe(46);
    expect(outcomes.every((o) => o === SIGN_IN_ERRORS.invalid || o === SIGN_IN_ERRORS.locked)).toBe(true);
    // Locked: even the right password is not checked now.
    checks.count = 0;
    expect(await attempt("right-password-1")).toBe(SIGN_IN_ERRORS.locked);
    expect(checks.count).toBe(0);
  });

  it("signs in with the right password, records it, and clears the account's count", async () => {
    const account = () =>
      handle.db
        .select()
        .from(tables.rateLimits)
        .where(eq(tables.rateLimits.key, `account:${victimId}`));
    for (let i = 0; i < 3; i++) expect(await attempt(`wrong-${i}`)).toBe(SIGN_IN_ERRORS.invalid);
    expect(await account()).toMatchObject([{ hits: 3 }]);
    expect(await attempt("right-password-1")).toBe("ok");
    const rows = await handle.db.select().from(tables.auditLog).where(eq(tables.auditLog.action, "auth.sign-in"));
    expect(rows.at(-1)).toMatchObject({ outcome: "ok", target: "victim@example.com", ip: "203.0.113.5" });
    expect(await account()).toEqual([]);
  });

  it("issues no session when the sign-in cannot be recorded", async () => {
    await handle.db.execute(`alter table audit_log rename to audit_log_offline` as never);
    try {
      expect(await attempt("right-password-1")).toBe(SIGN_IN_ERRORS.unavailable);
    } finally {
      await handle.db.execute(`alter table audit_log_offline rename to audit_log` as never);
    }
  });

  it("records an identifier that is not an e-mail address only as a description", async () => {
    const typed = "Password-In-The-Wrong-Box-1";
    const outcome = await signInWithPassword(
      { email: typed, password: "whatever" },
      { ip: "192.0.2.77", requestId: "r" },
    )
      .then(() => "ok")
      .catch((e: Error) => e.message);
    expect(outcome).toBe(SIGN_IN_ERRORS.invalid);
    const rows = await handle.db.select().from(tables.auditLog).where(eq(tables.auditLog.ip, "192.0.2.77"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "auth.sign-in-failed",
      actorEmail: "not an e-mail address, 27 characters",
      target: "not an e-mail address, 27 characters",
    });
    expect(JSON.stringify(rows).toLowerCase()).not.toContain(typed.toLowerCase());
  });

  describe("a flood of failed sign-ins from one address", () => {
    const failedRecords = (ip: string) =>
      handle.db
        .select()
        .from(tables.auditLog)
        .where(and(eq(tables.auditLog.action, "auth.sign-in-failed"), eq(tables.auditLog.ip, ip)))
        .orderBy(asc(tables.auditLog.seq));
    const flood = async (ip: string, email: (i: number) => string, n = 1000) => {
      const outcomes: string[] = [];
      for (let i = 0; i < n; i += 50)
        outcomes.push(
          ...(await Promise.all(
            Array.from({ length: 50 }, (_, j) =>
              signInWithPassword({ email: email(i + j), password: `wrong-${i + j}` }, { ip, requestId: "r" }).then(
                () => "ok",
                (e: Error) => e.message,
              ),
            ),
          )),
        );
      return outcomes;
    };
    // At most the per-minute failures, plus one record per lock (the account's and the address's).
    const bound = FAILED_SIGN_IN_RECORDS_PER_MINUTE + 2;

    it("against one account writes a bounded number of records, the lock among them once", async () => {
      const ip = "198.51.100.21";
      const outcomes = await flood(ip, () => "victim@example.com");
      expect(outcomes.filter((o) => o === SIGN_IN_ERRORS.locked).length).toBeGreaterThan(900);
      const rows = await failedRecords(ip);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(bound);
      expect(rows.filter((r) => r.errorCode === SIGN_IN_ERRORS.invalid).length).toBeGreaterThan(0);
      expect(rows.filter((r) => r.errorCode === SIGN_IN_ERRORS.locked).length).toBeGreaterThanOrEqual(1);
      expect(rows.filter((r) => r.errorCode === SIGN_IN_ERRORS.locked).length).toBeLessThanOrEqual(2);
    });

    it("against a thousand accounts caps the failures per minute, says so, and records the address's lock", async () => {
      const ip = "198.51.100.22";
      await flood(ip, (i) => `nobody-${i}@example.com`);
      const rows = await failedRecords(ip);
      expect(rows.length).toBeLessThanOrEqual(bound);
      const invalid = rows.filter((r) => r.errorCode === SIGN_IN_ERRORS.invalid);
      expect(invalid).toHaveLength(FAILED_SIGN_IN_RECORDS_PER_MINUTE);
      expect(invalid.at(-1)?.input).toMatchObject({ note: expect.stringContaining("not recorded") });
      expect(rows.filter((r) => r.errorCode === SIGN_IN_ERRORS.locked)).toHaveLength(1);

      // Once that lock and minute are over, the next lock is recorded again: once per lock, not once ever.
      await handle.db.execute(
        `update rate_limits set locked_until = now() - interval '1 second', window_started_at = now() - interval '2 minutes'` as never,
      );
      await flood(ip, (i) => `nobody-again-${i}@example.com`, 100);
      const after = await failedRecords(ip);
      expect(after.filter((r) => r.errorCode === SIGN_IN_ERRORS.locked)).toHaveLength(2);
      expect(after.length).toBeLessThanOrEqual(2 * bound);
      // Another address still gets its own records.
      expect(await attempt("wrong-password", "198.51.100.23")).toBe(SIGN_IN_ERRORS.invalid);
      expect(await failedRecords("198.51.100.23")).toHaveLength(1);
    });
  });
});
