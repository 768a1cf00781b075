import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { median } from "@/testing/stats";
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
const { REFUSALS_RECORDED_PER_MINUTE } = await import("@/server/audit/refusal-scopes");
const FAILED_SIGN_IN_RECORDS_PER_MINUTE = REFUSALS_RECORDED_PER_MINUTE["sign-in"];
const { hashPassword, verifyPassword } = await import("./password");
const { recordEndedRefusalMinutes } = await import("@/server/audit/refusal-counts");

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
      const outcomes = await flood(ip, (i) => `nobody-${i}@example.com`);
      const rows = await failedRecords(ip);
      expect(rows.length).toBeLessThanOrEqual(bound);
      const invalid = rows.filter((r) => r.errorCode === SIGN_IN_ERRORS.invalid);
      expect(invalid).toHaveLength(FAILED_SIGN_IN_RECORDS_PER_MINUTE);
      // The record of the attempt that reached the budget says so (parallel appends land in any order).
      expect(
        invalid.filter((r) => String((r.input as { note?: unknown } | null)?.note ?? "").includes("not recorded")),
      ).toHaveLength(1);
      expect(rows.filter((r) => r.errorCode === SIGN_IN_ERRORS.locked)).toHaveLength(1);
      // The failures past the budget were counted: once the minute is over their number is recorded,
      // and the records add up to every attempt answered "wrong e-mail or password".
      await recordEndedRefusalMinutes(handle.db, new Date(Date.now() + 61_000));
      const counted = (await failedRecords(ip)).filter((r) => r.errorCode === null);
      expect(counted).toHaveLength(1);
      expect(counted[0]?.errorMessage).toMatch(
        /^\d+ more failed sign-ins from 198\.51\.100\.22 were counted, not recorded/,
      );
      const countedNumber = (counted[0]?.input as { countedNotRecorded: number }).countedNotRecorded;
      expect(invalid.length + countedNumber).toBe(outcomes.filter((o) => o === SIGN_IN_ERRORS.invalid).length);

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

  describe("a burst of wrong passwords", () => {
    // Date alone is fake: the throttle's windows and locks read it; scrypt and the database run for real.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2026-03-02T09:00:00.000Z"));
    });
    afterEach(() => vi.useRealTimers());

    it("is answered, recorded and timed alike for an address with an account and one without", async () => {
      const BURST = 12;
      const bursts = {
        real: { email: "victim@example.com", ip: "192.0.2.10" },
        unknown: { email: "nobody-at-all@example.com", ip: "192.0.2.11" },
      };
      type Seen = { answers: string[]; checked: number[]; ms: number[] };
      const seen: Record<keyof typeof bursts, Seen> = {
        real: { answers: [], checked: [], ms: [] },
        unknown: { answers: [], checked: [], ms: [] },
      };
      // Interleaved, so the machine's load falls on both alike; apart in every key (account, address).
      for (let i = 0; i < BURST; i++)
        for (const which of ["real", "unknown"] as const) {
          const { email, ip } = bursts[which];
          const checksBefore = checks.count;
          const started = performance.now();
          const answer = await signInWithPassword(
            { email, password: `wrong-${i}` },
            { ip, requestId: `burst-${i}` },
          ).then(
            () => "ok",
            (e: Error) => e.message,
          );
          seen[which].ms.push(performance.now() - started);
          seen[which].answers.push(answer);
          seen[which].checked.push(checks.count - checksBefore);
        }

      // The account's limit of attempts is checked; the one that reaches it locks; the rest are refused unchecked.
      const limit = getEnv().CONSOLE_SIGNIN_ACCOUNT_LIMIT;
      const expected = [
        ...Array(limit - 1).fill(SIGN_IN_ERRORS.invalid),
        ...Array(BURST - limit + 1).fill(SIGN_IN_ERRORS.locked),
      ];
      expect(seen.real.answers).toEqual(expected);
      expect(seen.unknown.answers).toEqual(expected);
      // The password hash is computed for the address without an account too, on the same attempts.
      const checkedAttempts = [...Array(limit).fill(1), ...Array(BURST - limit).fill(0)];
      expect(seen.real.checked).toEqual(checkedAttempts);
      expect(seen.unknown.checked).toEqual(checkedAttempts);

      // The same records, in the same order, but for whom and from where.
      const recorded = async (ip: string) =>
        (
          await handle.db
            .select()
            .from(tables.auditLog)
            .where(eq(tables.auditLog.ip, ip))
            .orderBy(asc(tables.auditLog.seq))
        ).map((r) => [r.action, r.outcome, r.errorCode, r.errorMessage, r.input, r.requestId]);
      const realRecords = await recorded(bursts.real.ip);
      expect(realRecords.length).toBe(limit);
      expect(await recorded(bursts.unknown.ip)).toEqual(realRecords);

      // About the same time: the checked attempts cost a hash either way, the refused ones none.
      const reference: number[] = [];
      const hash = await hashPassword("reference-password");
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await verifyPassword("not-it", hash);
        reference.push(performance.now() - started);
      }
      const checkedMs = (which: keyof typeof bursts) => median(seen[which].ms.slice(0, limit));
      const ratio = checkedMs("unknown") / checkedMs("real");
      expect(ratio).toBeGreaterThan(1 / 3);
      expect(ratio).toBeLessThan(3);
      expect(checkedMs("unknown")).toBeGreaterThan(median(reference) / 3);
    });
  });
});
