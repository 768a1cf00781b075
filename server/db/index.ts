import "server-only";
import path from "node:path";
import { getEnv } from "@/server/env";
import { openDb, type Db, type DbHandle } from "./client";

export type { Db } from "./client";
export * as tables from "./schema";

// One handle per process: PGlite must never be opened twice on the same directory, and Next may
// evaluate this module in more than one bundle, so the handle lives on globalThis.
const globalForDb = globalThis as unknown as { consoleDb?: Promise<DbHandle> };

export function getDbHandle(): Promise<DbHandle> {
  if (!globalForDb.consoleDb) {
    const env = getEnv();
    globalForDb.consoleDb = openDb({
      databaseUrl: env.DATABASE_URL,
      dataDir: path.join(env.CONSOLE_DATA_DIR, "console"),
    }).catch((error: unknown) => {
      globalForDb.consoleDb = undefined;
      throw error;
    });
  }
  return globalForDb.consoleDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests swap in their own database (PGlite in memory or a per-run PostgreSQL schema). */
export function setDbForTests(handle: DbHandle | undefined) {
  globalForDb.consoleDb = handle ? Promise.resolve(handle) : undefined;
}

/** Closes the pool (or PGlite) at shutdown; a later getDb() opens it again. */
export async function closeDb(): Promise<void> {
  const handle = globalForDb.consoleDb;
  globalForDb.consoleDb = undefined;
  if (handle) await (await handle.catch(() => undefined))?.close();
}
