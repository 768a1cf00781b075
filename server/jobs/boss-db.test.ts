import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { bossDb } from "./boss-db";

/**
 * What the job runtime's stop relies on: a statement pg-boss sent and did not await (its completion
 * of a finished message) can be waited for before the pool is closed.
 */
describe.each<TestDbKind>(["postgres", "pglite"])("the job queue's connection on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("settles only after every statement sent so far has ended, well or not", async () => {
    const db = bossDb(handle.raw);
    const ended: string[] = [];
    // Sent and not awaited, as pg-boss sends a completion.
    void db.executeSql("select pg_sleep(0.3) as slept", []).then(() => ended.push("slow"));
    void db.executeSql("select * from no_such_table_here", []).catch(() => ended.push("failed"));
    await db.settled();
    expect(ended.sort()).toEqual(["failed", "slow"]);
  });

  it("sends nothing once closed: a statement after the close never reaches the database", async () => {
    await handle.db.execute(sql.raw("create table if not exists after_close (n int)"));
    const db = bossDb(handle.raw);
    await db.executeSql("insert into after_close values (1)", []);
    db.close();
    let answered = false;
    void db.executeSql("insert into after_close values (2)", []).then(
      () => (answered = true),
      () => (answered = true),
    );
    expect(db.idle()).toBe(true);
    await db.settled();
    const rows = (await handle.db.execute(sql.raw("select n from after_close order by n"))) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows.map((r) => r.n)).toEqual([1]);
    expect(answered).toBe(false);
  });

  it("settles at once when nothing is in flight, and answers what the database answered", async () => {
    const db = bossDb(handle.raw);
    const result = await db.executeSql("select 1 + 1 as two", []);
    expect(result.rows).toEqual([{ two: 2 }]);
    await db.settled();
  });
});
