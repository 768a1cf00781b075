import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDb, TEST_DATABASE_URL, type TestDbKind } from "@/testing/db";
import { WATCHED_TABLES, type WatchedTable } from "./changes";
import { hearPostgres, POSTGRES_KEEP_MS } from "./changes-postgres";
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

  const caughtUp = () => (kind === "postgres" ? heardAllSent(handle) : Promise.resolve());

  it("hears a write to every table a kept read may depend on, even one that changed no row, by any connection", async () => {
    // On PostgreSQL by a connection of another process (its notice); on PGlite there is no other.
    const other = kind === "postgres" ? await otherConnection(handle) : undefined;
    try {
      for (const table of WATCHED_TABLES) {
        const before = handle.versions!.of(table);
        const statement = `delete from "${table}" where false`;
        if (other) await other.query(statement);
        else await handle.db.execute(sql.raw(statement));
        await expect.poll(() => handle.versions!.of(table) - before).toBe(1);
      }
    } finally {
      await other?.end();
    }
  });

  it("reads once, then answers without the database until its table is written", async () => {
    await rename("first");
    await caughtUp();
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
    await caughtUp();
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
    await caughtUp();
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
    await caughtUp();
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
    await caughtUp();
    await kept();
    reads = 0;
    await handle.db.execute(sql`update eject_requests set status = status where false`);
    expect(await kept()).toBe("unmoved");
    expect(reads).toBe(0);
  });
});

/**
 * On PostgreSQL this process counts its own write as it returns and hears its notice a moment later (a
 * second, harmless count); before counting reads, wait for every notice sent so far: a notice of our own
 * sent now is heard after them (PostgreSQL delivers notices in commit order).
 */
async function heardAllSent(handle: DbHandle) {
  const fence = "fence" as WatchedTable;
  const before = handle.versions!.of(fence);
  await handle.db.execute(sql`select pg_notify('console_changes', current_schema() || '.fence')`);
  await expect.poll(() => handle.versions!.of(fence)).toBeGreaterThan(before);
}

/** Connection settings for the test's own schema, as the console's pool has them. */
function testSchema(handle: DbHandle, connectionString = TEST_DATABASE_URL): pg.ClientConfig {
  const schema = handle.raw.kind === "postgres" ? handle.raw.schemaName : undefined;
  return { connectionString, ...(schema ? { options: `-c search_path=${schema}` } : {}) };
}

/** A connection of its own to the test schema: another process's, as far as the console can tell. */
async function otherConnection(handle: DbHandle): Promise<pg.Client> {
  const client = new pg.Client(testSchema(handle));
  await client.connect();
  return client;
}

describe("a kept read on PostgreSQL, where other processes write", () => {
  let handle: DbHandle;
  let reads = 0;
  const kept = () =>
    keptRead(["users"], "pg name", async (db) => {
      reads++;
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.email, EMAIL));
      return { value: row?.name ?? null };
    });

  beforeAll(async () => {
    handle = await openTestDb("postgres");
    setDbForTests(handle);
    await handle.db.insert(users).values({ email: EMAIL, name: "first", role: "support" });
  });
  afterAll(async () => {
    vi.useRealTimers();
    setDbForTests(undefined);
    await handle.close();
  });

  it("hears another connection's commit a moment after it, and nothing of its transaction before", async () => {
    const other = await otherConnection(handle);
    try {
      await heardAllSent(handle);
      expect(await kept()).toBe("first");
      await other.query("begin");
      await other.query("update users set name = 'elsewhere' where email = $1", [EMAIL]);
      reads = 0;
      expect(await kept()).toBe("first");
      expect(reads).toBe(0);
      await other.query("commit");
      await expect.poll(kept).toBe("elsewhere");
    } finally {
      await other.end();
    }
  });

  it("counts this process's own write as it returns: a statement's at once, a transaction's at its commit, a rolled-back one's never", async () => {
    // Never listening, so every count seen here is this process's own.
    const pool = new pg.Pool(testSchema(handle));
    const deaf = hearPostgres(pool, () => new pg.Client({ connectionString: "postgres://127.0.0.1:1/none" }));
    try {
      const count = () => deaf.of("users");
      await pool.query("select name from users");
      expect(count()).toBe(0);
      await pool.query("update users set name = 'own' where email = $1", [EMAIL]);
      expect(count()).toBe(1);
      const client = await pool.connect();
      try {
        await client.query("begin");
        await client.query('update "users" set name = $1 where email = $2', ["own tx", EMAIL]);
        expect(count()).toBe(1);
        await client.query("commit");
        expect(count()).toBe(2);
        await client.query("begin");
        await client.query("update users set name = 'undone' where email = $1", [EMAIL]);
        await client.query("rollback");
        expect(count()).toBe(2);
        // A transaction opened and ended by one script (pg-boss sends its locked statements so): the
        // connection is out of it after, and its next write counts as it returns.
        await client.query(
          "\n  BEGIN;\n  SET LOCAL lock_timeout = '30s';\n  SELECT pg_advisory_xact_lock(7);\n  SELECT 1;\n  COMMIT;\n",
        );
        await client.query("update users set name = 'after a script' where email = $1", [EMAIL]);
        expect(count()).toBe(3);
        await client.query(`BEGIN; update users set name = 'in a script' where email = '${EMAIL}'; COMMIT`);
        expect(count()).toBe(4);
      } finally {
        client.release();
      }
      expect(deaf.of("eject_requests")).toBe(0);
      expect(deaf.hearing).toBe(false);
    } finally {
      await deaf.close();
      await pool.end();
    }
  });

  it("keeps nothing while it cannot hear, and drops what it kept once it hears again", async () => {
    const pool = handle.raw.kind === "postgres" ? handle.raw.pool : undefined;
    if (!pool) throw new Error("not PostgreSQL");
    const listeners: pg.Client[] = [];
    let refuse = false;
    const heard = hearPostgres(pool, () => {
      const client = new pg.Client(testSchema(handle, refuse ? "postgres://127.0.0.1:1/none" : TEST_DATABASE_URL));
      listeners.push(client);
      return client;
    });
    setDbForTests({ ...handle, versions: heard });
    try {
      await heard.listen();
      expect(heard.hearing).toBe(true);
      await kept();
      reads = 0;
      await kept();
      expect(reads).toBe(0);
      // The listening connection ends, and the next attempts are refused: every call reads.
      refuse = true;
      // The backend's process id, which pg keeps on the client (not in its published types).
      const { processID } = listeners[0] as unknown as { processID: number };
      await handle.db.execute(sql`select pg_terminate_backend(${processID})`);
      await expect.poll(() => heard.hearing).toBe(false);
      await kept();
      await kept();
      expect(reads).toBe(2);
      // It listens again: what it keeps from then on is kept, and only that.
      refuse = false;
      const before = heard.of("users");
      await expect.poll(() => heard.hearing, { timeout: 15_000 }).toBe(true);
      expect(heard.of("users")).toBeGreaterThan(before);
      await kept();
      await kept();
      expect(reads).toBe(3);
    } finally {
      await heard.close();
      setDbForTests(handle);
    }
  });

  it(`keeps nothing longer than ${POSTGRES_KEEP_MS / 1000} s, whatever it hears`, async () => {
    await heardAllSent(handle);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await kept();
      reads = 0;
      vi.setSystemTime(Date.now() + POSTGRES_KEEP_MS - 100);
      await kept();
      expect(reads).toBe(0);
      vi.setSystemTime(Date.now() + 200);
      await kept();
      expect(reads).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
