import "server-only";
import { randomBytes } from "node:crypto";
import { openDb, type DbHandle } from "./client";

/**
 * Databases for tests: an in-memory PGlite, or a fresh schema in the PostgreSQL named by
 * TEST_DATABASE_URL (default: the machine's local server), dropped afterwards.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type TestDbKind = "pglite" | "postgres";

export async function openTestDb(kind: TestDbKind): Promise<DbHandle> {
  if (kind === "pglite") return openDb({});
  const schemaName = `t_${randomBytes(6).toString("hex")}`;
  const handle = await openDb({ databaseUrl: TEST_DATABASE_URL, schemaName });
  return {
    ...handle,
    async close() {
      await handle.db.execute(`drop schema if exists ${schemaName} cascade` as never).catch(() => {});
      await handle.close();
    },
  };
}
