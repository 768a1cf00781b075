import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openTestDb, type TestDbKind } from "@/server/db/testing";
import type { DbHandle } from "@/server/db/client";
import { tables } from "@/server/db";
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
  });
  afterAll(async () => handle?.close());
  const version = async (id: string) =>
    (await handle.db.select().from(tables.users).where(eq(tables.users.id, id)))[0]?.sessionVersion;

  it("refuses to disable oneself or drop one's own admin role", async () => {
    await expect(updateStaffUser(handle.db, ids.root!, ids.root!, { disabled: true })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(updateStaffUser(handle.db, ids.root!, ids.root!, { role: "support" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
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
    await updateStaffUser(handle.db, "00000000-0000-4000-8000-000000000000", ids.sam!, { role: "support" });
    expect(await version(ids.sam!)).toBe(before);
    await updateStaffUser(handle.db, "00000000-0000-4000-8000-000000000000", ids.sam!, { role: "developer" });
    expect(await version(ids.sam!)).toBe(before! + 1);
    await updateStaffUser(handle.db, "00000000-0000-4000-8000-000000000000", ids.sam!, { disabled: true });
    expect(await version(ids.sam!)).toBe(before! + 2);
  });
});
