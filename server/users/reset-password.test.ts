import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";

const { signInWithPassword, SIGN_IN_ERRORS } = await import("@/server/auth/credentials");
const { hashPassword } = await import("@/server/auth/password");
const { resetStaffPassword } = await import("./reset-password");

describe.each<TestDbKind>(["pglite", "postgres"])("an admin resets a lost password on %s", (kind) => {
  let handle: DbHandle;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    handle = await openTestDb(kind);
    setDbForTests(handle);
    for (const [name, role, source] of [
      ["root", "admin", "admin"],
      ["lost", "support", "admin"],
      ["sso", "compliance", "sso"],
    ] as const) {
      const [row] = await handle.db
        .insert(tables.users)
        .values({
          email: `${name}@example.com`,
          role,
          source,
          passwordHash: await hashPassword(`old-password-${name}`),
        })
        .returning();
      ids[name] = row!.id;
    }
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle?.close();
  });
  const signIn = (email: string, password: string) =>
    signInWithPassword({ email, password }, { ip: "203.0.113.9", requestId: "r" }).then(
      (r) => r.user,
      (e: Error) => e.message,
    );
  const row = async (id: string) => (await handle.db.select().from(tables.users).where(eq(tables.users.id, id)))[0]!;

  it("gives a locked-out person a one-time password that works at once, must be replaced, and ends their sessions", async () => {
    // Locked out by wrong guesses (the account's limit is five).
    for (let i = 0; i < 6; i++) await signIn("lost@example.com", `wrong-guess-${i}`);
    expect(await signIn("lost@example.com", "old-password-lost")).toBe(SIGN_IN_ERRORS.locked);
    const before = await row(ids.lost!);

    const reset = await resetStaffPassword(handle.db, ids.root!, ids.lost!);
    expect(reset).toMatchObject({ id: ids.lost, email: "lost@example.com", disabled: false });
    expect(reset.generatedPassword.length).toBeGreaterThanOrEqual(20);

    const after = await row(ids.lost!);
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect(after.mustChangePassword).toBe(true);
    expect(after.passwordHash).not.toContain(reset.generatedPassword);
    expect(await signIn("lost@example.com", "old-password-lost")).toBe(SIGN_IN_ERRORS.invalid);
    expect(await signIn("lost@example.com", reset.generatedPassword)).toMatchObject({
      email: "lost@example.com",
      sessionVersion: before.sessionVersion + 1,
    });
  });

  it("refuses an admin's own account, a single-sign-on account and an unknown one, changing nothing", async () => {
    const [root, sso] = [await row(ids.root!), await row(ids.sso!)];
    await expect(resetStaffPassword(handle.db, ids.root!, ids.root!)).rejects.toMatchObject({
      code: "CONFLICT",
      userMessage: expect.stringContaining("account page"),
    });
    await expect(resetStaffPassword(handle.db, ids.root!, ids.sso!)).rejects.toMatchObject({
      code: "CONFLICT",
      userMessage: expect.stringContaining("single sign-on"),
    });
    await expect(
      resetStaffPassword(handle.db, ids.root!, "00000000-0000-4000-8000-000000000000"),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await row(ids.root!)).toEqual(root);
    expect(await row(ids.sso!)).toEqual(sso);
  });
});
