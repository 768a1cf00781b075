import { eq, sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { getEnv, forgetEnvForTests } from "@/server/env";
import { openTestDb } from "@/testing/db";

// The request's cookies: each test sets the session cookie as next-auth itself would have issued it.
const jar = new Map<string, string>();
vi.mock("next/headers", () => ({
  cookies: async () => ({ getAll: () => [...jar].map(([name, value]) => ({ name, value })) }),
  headers: async () => new Headers({ "x-forwarded-proto": "http" }),
}));

const { currentUser } = await import("./session");

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);

describe("a staff session", () => {
  let handle: DbHandle;
  let userId = "";
  const saved = process.env.CONSOLE_SESSION_MAX_HOURS;

  beforeAll(async () => {
    process.env.CONSOLE_SESSION_MAX_HOURS = "12";
    forgetEnvForTests();
    handle = await openTestDb("pglite");
    setDbForTests(handle);
    const [row] = await handle.db
      .insert(tables.users)
      .values({ email: "sam@example.com", role: "support" })
      .returning();
    userId = row!.id;
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.CONSOLE_SESSION_MAX_HOURS;
    else process.env.CONSOLE_SESSION_MAX_HOURS = saved;
    forgetEnvForTests();
    setDbForTests(undefined);
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db
      .update(tables.users)
      .set({ disabledAt: null, sessionVersion: 0, role: "support" })
      .where(eq(tables.users.id, userId));
  });

  /** next-auth's own encode (not the console's codec) makes the cookie the browser would hold. */
  const cookie = async (authTime: number | undefined, sv = 0, maxAge = 1800) => {
    jar.clear();
    const token = {
      sub: userId,
      role: "support",
      email: "sam@example.com",
      sv,
      ...(authTime === undefined ? {} : { authTime }),
    };
    jar.set("next-auth.session-token", await encode({ token, secret: getEnv().AUTH_SECRET, maxAge }));
  };

  it("holds while active, up to its absolute lifetime of CONSOLE_SESSION_MAX_HOURS after sign-in", async () => {
    await cookie(now() - 11 * HOUR - 59 * 60);
    expect(await currentUser()).toMatchObject({ id: userId, email: "sam@example.com", role: "support" });
  });

  it("ends once the absolute lifetime has passed, however recently the user was active", async () => {
    await cookie(now() - 12 * HOUR - 60);
    expect(await currentUser()).toBeNull();
  });

  it("ends a cookie that does not say when its sign-in happened", async () => {
    await cookie(undefined);
    expect(await currentUser()).toBeNull();
  });

  it("ends at once when the user's session version moves on (sign-out elsewhere, role change)", async () => {
    await cookie(now() - 60);
    expect(await currentUser()).not.toBeNull();
    await handle.db.update(tables.users).set({ sessionVersion: 1 }).where(eq(tables.users.id, userId));
    expect(await currentUser()).toBeNull();
  });

  it("ends at once when the account is disabled, by the console or by a statement of its own", async () => {
    await cookie(now() - 60);
    expect(await currentUser()).not.toBeNull();
    await handle.db.update(tables.users).set({ disabledAt: new Date() }).where(eq(tables.users.id, userId));
    expect(await currentUser()).toBeNull();
    await handle.db.update(tables.users).set({ disabledAt: null }).where(eq(tables.users.id, userId));
    expect(await currentUser()).not.toBeNull();
    await handle.db.execute(sql`update users set disabled_at = now() where id = ${userId}`);
    expect(await currentUser()).toBeNull();
  });

  it("shows a role changed in the database on the next request", async () => {
    await cookie(now() - 60);
    expect(await currentUser()).toMatchObject({ role: "support" });
    await handle.db.update(tables.users).set({ role: "compliance" }).where(eq(tables.users.id, userId));
    expect(await currentUser()).toMatchObject({ role: "compliance" });
  });

  it("ends when its cookie has expired (the idle timeout), or was not made with this console's secret", async () => {
    await cookie(now() - 60, 0, -60);
    expect(await currentUser()).toBeNull();
    jar.clear();
    const foreign = { sub: userId, sv: 0, authTime: now() - 60 };
    jar.set(
      "next-auth.session-token",
      await encode({ token: foreign, secret: "another-console-secret-0123456789abcdef" }),
    );
    expect(await currentUser()).toBeNull();
  });

  it("is nobody without a session cookie, and not whoever a __Secure- cookie names on plain http", async () => {
    jar.clear();
    expect(await currentUser()).toBeNull();
    await cookie(now() - 60);
    jar.set("__Secure-next-auth.session-token", jar.get("next-auth.session-token")!);
    jar.delete("next-auth.session-token");
    expect(await currentUser()).toBeNull();
  });
});
