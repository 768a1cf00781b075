import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { WATCHED_TABLES } from "./changes";
import type { DbHandle } from "./client";
import { keptRead } from "./kept-reads";
import { users } from "./schema";
import { setDbForTests } from "./index";

const EMAIL = "kept@example.com";

describe.each<TestDbKind>(["pglite", "postgres"])("a kept read on %s", (kind) => {
  let handle: DbHandle;
  let reads = 0;
  /** The account's name as the database holds it, counting each time the database is asked. */
  const nameNow = async () => {
    reads++;
    const [row] = await handle.db.select({ name: users.name }).from(users).where(eq(users.email, EMAIL));
    return row?.name ?? null;
  };
  const kept = (key = "name", until?: number) =>
    keptRead(["users"], key, async () => ({ value: await nameNow(), ...(until ? { until } : {}) }));
  const rename = (name: string) => handle.db.update(users).set({ name }).where(eq(users.email, EMAIL));

  beforeAll(async () => {
    handle = await openTestDb(kind);
    setDbForTests(handle);
    await handle.db.insert(users).values({ email: EMAIL, name: "first", role: "support" });
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle.close();
  });

  if (kind === "postgres") {
    it("reads the database every time: other processes write to it unheard", async () => {
      reads = 0;
      expect([await kept(), await kept(), await kept()]).toEqual(["first", "first", "first"]);
      expect(reads).toBe(3);
    });
    return;
  }

  it("hears a write to every table a kept read may depend on, even one that changed no row", async () => {
    for (const table of WATCHED_TABLES) {
      const before = handle.versions!.of(table);
      await handle.db.execute(sql.raw(`delete from "${table}" where false`));
      expect({ table, heard: handle.versions!.of(table) - before }).toEqual({ table, heard: 1 });
    }
  });

  it("reads once, then answers without the database until its table is written", async () => {
    await rename("first");
    reads = 0;
    expect([await kept(), await kept(), await kept()]).toEqual(["first", "first", "first"]);
    expect(reads).toBe(1);
    await rename("second");
    expect(await kept()).toBe("second");
    expect(reads).toBe(2);
  });

  it("hears a write made by a statement of its own, a transaction's at its commit, and not a rolled-back one", async () => {
    await kept();
    await handle.db.execute(sql`update users set name = 'by sql' where email = ${EMAIL}`);
    expect(await kept()).toBe("by sql");
    await handle.db.transaction(async (tx) => {
      await tx.update(users).set({ name: "in a transaction" }).where(eq(users.email, EMAIL));
      expect(await kept()).toBe("by sql");
    });
    expect(await kept()).toBe("in a transaction");
    reads = 0;
    await handle.db
      .transaction(async (tx) => {
        await tx.update(users).set({ name: "rolled back" }).where(eq(users.email, EMAIL));
        throw new Error("undone");
      })
      .catch(() => undefined);
    expect(await kept()).toBe("in a transaction");
    expect(reads).toBe(0);
  });

  it("does not keep a read that a write overtook", async () => {
    await rename("before");
    const overtaken = await keptRead(["users"], "overtaken", async () => {
      const value = await nameNow();
      await rename("after");
      return { value };
    });
    expect(overtaken).toBe("before");
    expect(await keptRead(["users"], "overtaken", async () => ({ value: await nameNow() }))).toBe("after");
  });

  it("reads again once its own time is up, and keeps each key apart", async () => {
    await rename("timed");
    reads = 0;
    await kept("lapsed", Date.now() - 1);
    await kept("lapsed", Date.now() - 1);
    expect(reads).toBe(2);
    await kept("later", Date.now() + 60_000);
    await kept("later", Date.now() + 60_000);
    expect(reads).toBe(3);
  });

  it("keeps at most a hundred pages of records, then starts again", async () => {
    await rename("paged");
    reads = 0;
    const page = (n: number) => keptRead(["users"], `page ${n}`, async () => ({ value: await nameNow() }), "pages");
    for (let n = 0; n < 100; n++) await page(n);
    await page(0);
    expect(reads).toBe(100);
    await page(100);
    await page(0);
    expect(reads).toBe(102);
  });

  it("answers a write to another table without reading again", async () => {
    await rename("unmoved");
    await kept();
    reads = 0;
    await handle.db.execute(sql`update eject_requests set status = status where false`);
    expect(await kept()).toBe("unmoved");
    expect(reads).toBe(0);
  });
});
