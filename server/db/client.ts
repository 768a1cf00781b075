import "server-only";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import { watchTables, type TableVersions } from "./changes";
import { hearPostgres } from "./changes-postgres";
import { pgliteForDrizzle } from "./pglite-driver";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The driver under drizzle, for code that must speak to the database without it (pg-boss in
 * server/jobs runs its own SQL on the same database). `schemaName` is the per-run test schema.
 */
export type RawDb =
  | {
      kind: "pglite";
      client: PGlite;
      /** Options for a query of its own: PGlite's parsers as they were before drizzle's (pglite-driver.ts). */
      options: () => Parameters<PGlite["query"]>[2];
    }
  | { kind: "postgres"; pool: Pool; schemaName?: string };

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  raw: RawDb;
  /** Writes to the watched tables as they are heard (server/db/kept-reads.ts). */
  versions?: TableVersions;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres:// URL; without it an embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite's data directory; omitted = in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to use (tests give each run its own); created if missing. */
  schemaName?: string;
  /** An in-memory PGlite starts from this dump of a data directory (tests: a migrated template). */
  pgliteTemplate?: Blob;
}

const MIGRATIONS = path.resolve(process.cwd(), "server/db/migrations");
// Any constant works; it only has to be the same for every console instance.
const MIGRATION_LOCK = 7_245_001;

/** Opens the database and applies pending migrations (idempotent, serialized across instances). */
export async function openDb(options: DbOptions): Promise<DbHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schemaName);
  return openPglite(options.dataDir, options.pgliteTemplate);
}

async function openPglite(dataDir?: string, template?: Blob): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = dataDir
    ? new PGlite(path.resolve(dataDir))
    : new PGlite(template ? { loadDataDir: template } : undefined);
  const { driver, rawOptions } = await pgliteForDrizzle(client);
  const db = drizzle({ client: driver, schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    raw: { kind: "pglite", client, options: rawOptions },
    versions: await watchTables(client),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, schemaName?: string): Promise<DbHandle> {
  const pg = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  if (schemaName && !/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error("schemaName must be a plain identifier");
  const settings = {
    connectionString: url,
    // A database that does not answer fails a query after this long instead of queueing it for ever.
    connectionTimeoutMillis: 5000,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  };
  const pool = new pg.Pool({ ...settings, max: 10 });
  // Before the first connection, so every pooled connection counts this process's writes.
  const heard = hearPostgres(pool, () => new pg.Client({ ...settings, keepAlive: true }));
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  const lock = await pool.connect();
  try {
    if (schemaName) await lock.query(`create schema if not exists ${schemaName}`);
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS, ...(schemaName ? { migrationsSchema: schemaName } : {}) });
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    await heard.listen();
    return {
      db: db as unknown as Db,
      kind: "postgres",
      raw: { kind: "postgres", pool, ...(schemaName ? { schemaName } : {}) },
      versions: heard,
      close: async () => {
        await heard.close();
        await pool.end();
      },
    };
  } finally {
    lock.release();
  }
}
