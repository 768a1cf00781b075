import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ActionResult } from "@/lib/shared/result";
import type * as Session from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";

/**
 * The password change's current-password check is throttled as sign-in is: after the account's
 * limit of wrong current passwords, changes are paused for the lock time, refused before the
 * password is even checked; the pause and the sign-in's locks do not touch each other.
 */
const who = vi.hoisted(() => ({ user: undefined as StaffUser | undefined }));
vi.mock("@/server/auth/session", async (original) => {
  const actual = await original<typeof Session>();
  const { unauthenticated } = await import("@/server/errors");
  return {
    ...actual,
    authorize: async () => {
      if (!who.user) throw unauthenticated();
      return who.user;
    },
  };
});
vi.mock("@/server/request-context", () => ({
  requestContext: async () => ({ requestId: `req-${Math.random().toString(36).slice(2)}`, ip: "198.51.100.90" }),
}));

const { changePassword } = await import("./account");
const { setDbForTests, tables } = await import("@/server/db");
const { getEnv } = await import("@/server/env");
const { hashPassword, verifyPassword } = await import("@/server/auth/password");
const { signInWithPassword, SIGN_IN_ERRORS } = await import("@/server/auth/credentials");

const RIGHT = "Right-Password-Long-1";
const NEW = "Brand-New-Password-22";
const T0 = new Date("2026-04-07T08:00:00.000Z");

describe.each<TestDbKind>(["pglite", "postgres"])("changing one's password on %s", (kind) => {
  let handle: DbHandle;
  let n = 0;
  beforeAll(async () => {
    handle = await openTestDb(kind);
    setDbForTests(handle);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle.close();
  });
  // Date alone is fake: the throttle's windows and locks read it; scrypt and the database run for real.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  /** A staff member with a password, signed in (as far as the action can tell). */
  async function signedIn(): Promise<StaffUser> {
    const email = `changer-${++n}-${kind}@example.com`;
    const [row] = await handle.db
      .insert(tables.users)
      .values({ email, role: "support", passwordHash: await hashPassword(RIGHT) })
      .returning();
    who.user = { id: row!.id, email, name: null, role: "support", mustChangePassword: false };
    return who.user;
  }
  const change = (current: string) => changePassword({ current, next: NEW, confirm: NEW });
  const code = (answer: ActionResult<unknown>) => (answer.ok ? "ok" : answer.error.code);
  const stored = async (user: StaffUser) =>
    (await handle.db.select().from(tables.users).where(eq(tables.users.id, user.id)))[0]!;

  it("pauses changes at the limit of wrong current passwords, refusing even the right one unchecked", async () => {
    const user = await signedIn();
    const limit = getEnv().CONSOLE_SIGNIN_ACCOUNT_LIMIT;
    const lockMinutes = getEnv().CONSOLE_SIGNIN_LOCK_MINUTES;
    const typed = Array.from({ length: limit }, (_, i) => `Wrong-Guess-Number-${i}`);
    const answers: ActionResult<unknown>[] = [];
    for (const guess of typed) answers.push(await change(guess));
    expect(answers.map(code)).toEqual([...Array(limit - 1).fill("VALIDATION"), "RATE_LIMITED"]);
    expect(answers[0]).toMatchObject({ ok: false, error: { fields: { current: "Not your current password" } } });
    const until = new Date(T0.getTime() + lockMinutes * 60_000);
    const pausedUntil = `${until.toISOString().slice(0, 16).replace("T", " ")} UTC`;
    expect(answers.at(-1)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining(`paused until ${pausedUntil}`), retryAfterSeconds: lockMinutes * 60 },
    });

    // Still paused a minute before the end: the right password is refused, and the password stays.
    vi.setSystemTime(new Date(until.getTime() - 60_000));
    const before = await stored(user);
    const refused = await change(RIGHT);
    expect(refused).toMatchObject({ ok: false, error: { code: "RATE_LIMITED", retryAfterSeconds: 60 } });
    expect(refused.ok || refused.error.message).toContain(`paused until ${pausedUntil}. Try again then.`);
    const after = await stored(user);
    expect(after.sessionVersion).toBe(before.sessionVersion);
    expect(await verifyPassword(RIGHT, after.passwordHash!)).toBe(true);
    // Recorded as a refusal before the act: no intent, nothing of what was typed.
    const records = await handle.db
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.actorId, user.id), eq(tables.auditLog.action, "account.change-password")))
      .orderBy(asc(tables.auditLog.seq));
    expect(records.at(-1)).toMatchObject({ outcome: "error", errorCode: "RATE_LIMITED", intentId: null });
    expect(records.filter((r) => r.requestId === records.at(-1)?.requestId)).toHaveLength(1);
    const text = JSON.stringify([answers, refused, records]);
    for (const secret of [...typed, RIGHT, NEW]) expect(text).not.toContain(secret);

    // Once the pause is over, the right password changes it.
    vi.setSystemTime(new Date(until.getTime() + 1_000));
    expect(code(await change(RIGHT))).toBe("ok");
    expect(await verifyPassword(NEW, (await stored(user)).passwordHash!)).toBe(true);
  });

  it("forgets wrong tries after a right one", async () => {
    const user = await signedIn();
    const limit = getEnv().CONSOLE_SIGNIN_ACCOUNT_LIMIT;
    for (let i = 0; i < limit - 1; i++) expect(code(await change(`Wrong-Guess-${i}`))).toBe("VALIDATION");
    expect(code(await change(RIGHT))).toBe("ok");
    // The new password is now the current one: a fresh count of wrong tries starts.
    const next = (current: string) =>
      changePassword({ current, next: "Third-Password-Long-3", confirm: "Third-Password-Long-3" });
    for (let i = 0; i < limit - 1; i++) expect(code(await next(`Wrong-Again-${i}`))).toBe("VALIDATION");
    expect(code(await next(NEW))).toBe("ok");
    expect(await verifyPassword("Third-Password-Long-3", (await stored(user)).passwordHash!)).toBe(true);
  });

  it("is not paused by strangers' failed sign-ins, and a pause does not lock the sign-in", async () => {
    const limit = getEnv().CONSOLE_SIGNIN_ACCOUNT_LIMIT;
    const signIn = (email: string, password: string) =>
      signInWithPassword({ email, password }, { ip: "203.0.113.77", requestId: "r" }).then(
        () => "ok",
        (e: Error) => e.message,
      );
    const target = await signedIn();
    for (let i = 0; i < limit; i++) await signIn(target.email, `stranger-guess-${i}`);
    expect(await signIn(target.email, RIGHT)).toBe(SIGN_IN_ERRORS.locked);
    expect(code(await change(RIGHT))).toBe("ok");

    const paused = await signedIn();
    for (let i = 0; i < limit; i++) await change(`Wrong-Guess-${i}`);
    expect(code(await change(RIGHT))).toBe("RATE_LIMITED");
    expect(await signIn(paused.email, RIGHT)).toBe("ok");
  });
});
