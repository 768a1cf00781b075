import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { resetEnvForTests } from "@/server/env";
import { openTestDb } from "@/testing/db";

// The session cookie as next-auth decodes it; each test sets what the cookie says.
let session: Record<string, unknown> | null = null;
vi.mock("next-auth", () => ({ getServerSession: async () => session }));
vi.mock("./options", () => ({ authOptions: () => ({}) }));

const { currentUser } = await import("./session");

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);

describe("a staff session", () => {
  let handle: DbHandle;
  let userId = "";
  const saved = process.env.CONSOLE_SESSION_MAX_HOURS;

  beforeAll(async () => {
    process.env.CONSOLE_SESSION_MAX_HOURS = "12";
    resetEnvForTests();
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
    resetEnvForTests();
    setDbForTests(undefined);
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db
      .update(tables.users)
      .set({ disabledAt: null, sessionVersion: 0 })
      .where(eq(tables.users.id, userId));
  });

  const cookie = (authTime: number | undefined, sessionVersion = 0) =>
    (session = { user: { id: userId }, sessionVersion, ...(authTime === undefined ? {} : { authTime }) });

  it("holds while active, up to its absolute lifetime of CONSOLE_SESSION_MAX_HOURS after sign-in", async () => {
    cookie(now() - 11 * HOUR - 59 * 60);
    expect(await currentUser()).toMatchObject({ id: userId, email: "sam@example.com", role: "support" });
  });

  it("ends once the absolute lifetime has passed, however recently the user was active", async () => {
    cookie(now() - 12 * HOUR - 60);
    expect(await currentUser()).toBeNull();
  });

  it("ends a cookie that does not say when its sign-in happened", async () => {
    cookie(undefined);
    expect(await currentUser()).toBeNull();
  });

  it("ends at once when the user's session version moves on (sign-out elsewhere, role change)", async () => {
    cookie(now() - 60);
    expect(await currentUser()).not.toBeNull();
    await handle.db.update(tables.users).set({ sessionVersion: 1 }).where(eq(tables.users.id, userId));
    expect(await currentUser()).toBeNull();
  });

  it("ends at once when the account is disabled", async () => {
    cookie(now() - 60);
    await handle.db.update(tables.users).set({ disabledAt: new Date() }).where(eq(tables.users.id, userId));
    expect(await currentUser()).toBeNull();
  });
});
