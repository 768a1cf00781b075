import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { shownUsers } from "./list";
import type { StaffChange } from "./rules";
import { updateStaffUser } from "./update";

describe.each<TestDbKind>(["pglite", "postgres"])("staff changes on %s", (kind) => {
  let handle: DbHandle;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    handle = await openTestDb(kind);
    for (const [name, role] of [
      ["root", "admin"],
      ["sam", "support"],
    ] as const) {
      const [row] = await handle.db
        .insert(tables.users)
        .values({ email: `${name}@example.com`, role })
        .returning();
      ids[name] = row!.id;
    }
    setDbForTests(handle);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle?.close();
  });
  const version = async (id: string) =>
    (await handle.db.select().from(tables.users).where(eq(tables.users.id, id)))[0]?.sessionVersion;

  it("refuses to disable oneself or drop one's own admin role, even when another admin remains", async () => {
    // A second admin, so the last-admin rule has nothing to say: only the self-lockout rule refuses.
    const [second] = await handle.db
      .insert(tables.users)
      .values({ email: "second-admin@example.com", role: "admin" })
      .returning();
    const selfLockout = {
      code: "CONFLICT",
      userMessage: expect.stringMatching(/^You cannot disable your own account/),
    };
    await expect(updateStaffUser(handle.db, second!.id, second!.id, { disabled: true })).rejects.toMatchObject(
      selfLockout,
    );
    await expect(updateStaffUser(handle.db, second!.id, second!.id, { role: "support" })).rejects.toMatchObject(
      selfLockout,
    );
    const [unchanged] = await handle.db.select().from(tables.users).where(eq(tables.users.id, second!.id));
    expect(unchanged).toMatchObject({ role: "admin", disabledAt: null });
    // The last admin is refused by the same rule first.
    await expect(updateStaffUser(handle.db, ids.root!, ids.root!, { disabled: true })).rejects.toMatchObject(
      selfLockout,
    );
    // Gone again, so the tests below start with root as the only admin.
    await handle.db.delete(tables.users).where(eq(tables.users.id, second!.id));
  });

  it("refuses to take away the last active admin, even by another admin's hand", async () => {
    const [other] = await handle.db
      .insert(tables.users)
      .values({ email: "ops@example.com", role: "support" })
      .returning();
    // ops is not an admin: root stays the last one whatever ops is made.
    await expect(updateStaffUser(handle.db, other!.id, ids.root!, { role: "developer" })).rejects.toMatchObject({
      code: "CONFLICT",
      userMessage: expect.stringContaining("last active admin"),
    });
    await updateStaffUser(handle.db, ids.root!, other!.id, { role: "admin" });
    // With a second admin, the first can be changed by them.
    const result = await updateStaffUser(handle.db, other!.id, ids.root!, { role: "compliance" });
    expect(result).toMatchObject({ role: "compliance", sessionsEnded: true });
    await expect(updateStaffUser(handle.db, ids.root!, other!.id, { disabled: true })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("ends every session of a user whose role changes or who is disabled, not on a no-op", async () => {
    const before = await version(ids.sam!);
    const sam = async () => (await shownUsers()).find((u) => u.id === ids.sam);
    expect(await sam()).toMatchObject({ role: "support", disabled: false });
    await updateStaffUser(handle.db, "00000000-0000-4000-8000-000000000000", ids.sam!, { role: "support" });
    expect(await version(ids.sam!)).toBe(before);
    await updateStaffUser(handle.db, "00000000-0000-4000-8000-000000000000", ids.sam!, { role: "developer" });
    expect(await version(ids.sam!)).toBe(before! + 1);
    expect(await sam()).toMatchObject({ role: "developer", disabled: false });
    await updateStaffUser(handle.db, "00000000-0000-4000-8000-000000000000", ids.sam!, { disabled: true });
    expect(await version(ids.sam!)).toBe(before! + 2);
    expect(await sam()).toMatchObject({ role: "developer", disabled: true });
  });

  it("never leaves no admin when two admins take each other's admin away at the same time", async () => {
    const changes: [StaffChange, StaffChange][] = [
      [{ disabled: true }, { disabled: true }],
      [{ role: "support" }, { role: "compliance" }],
      [{ disabled: true }, { role: "developer" }],
    ];
    for (const [round, [first, second]] of changes.entries()) {
      // Exactly two active admins, x and y.
      await handle.db.update(tables.users).set({ role: "support" }).where(eq(tables.users.role, "admin"));
      const [x, y] = await handle.db
        .insert(tables.users)
        .values([
          { email: `x-${round}@example.com`, role: "admin" },
          { email: `y-${round}@example.com`, role: "admin" },
        ])
        .returning();
      const outcomes = await Promise.allSettled([
        updateStaffUser(handle.db, x!.id, y!.id, first),
        updateStaffUser(handle.db, y!.id, x!.id, second),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      expect(outcomes.find((o) => o.status === "rejected")?.reason).toMatchObject({
        code: "CONFLICT",
        userMessage: expect.stringContaining("last active admin"),
      });
      const [admins] = await handle.db
        .select({ n: count() })
        .from(tables.users)
        .where(and(eq(tables.users.role, "admin"), isNull(tables.users.disabledAt)));
      expect(admins?.n).toBe(1);
    }
  });
});
