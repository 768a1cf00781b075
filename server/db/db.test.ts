import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { TEST_DATABASE_URL } from "@/testing/db";
import { openDb, type DbHandle } from "./client";
import { tables } from "./index";

describe.each<TestDbKind>(["pglite", "postgres"])("console database on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(async () => handle?.close());

  it("creates every table through the migrations", async () => {
    const rows = (await handle.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() order by table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(rows.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(["audit_head", "audit_log", "rate_limits", "users"]),
    );
  });

  it("stores users with a unique e-mail and reads them back", async () => {
    const [row] = await handle.db
      .insert(tables.users)
      .values({ email: `a-${kind}@example.com`, role: "support" })
      .returning();
    expect(row?.role).toBe("support");
    expect(row?.disabledAt).toBeNull();
    await expect(
      handle.db.insert(tables.users).values({ email: `a-${kind}@example.com`, role: "admin" }),
    ).rejects.toThrow();
    const [found] = await handle.db
      .select()
      .from(tables.users)
      .where(eq(tables.users.email, `a-${kind}@example.com`));
    expect(found?.id).toBe(row?.id);
  });
});

describe("migrations on PostgreSQL", () => {
  it("are idempotent: opening the same schema twice applies nothing new and keeps data", async () => {
    const schemaName = `t_idem_${Date.now().toString(36)}`;
    const first = await openDb({ databaseUrl: TEST_DATABASE_URL, schemaName });
    await first.db.insert(tables.users).values({ email: "keep@example.com", role: "admin" });
    const second = await openDb({ databaseUrl: TEST_DATABASE_URL, schemaName });
    const rows = await second.db.select().from(tables.users);
    expect(rows.map((r) => r.email)).toEqual(["keep@example.com"]);
    await second.db.execute(sql.raw(`drop schema ${schemaName} cascade`));
    await Promise.all([first.close(), second.close()]);
  });
});
