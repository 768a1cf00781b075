import "server-only";
import type PgBoss from "pg-boss";
import type { RawDb } from "@/server/db/client";

/**
 * pg-boss speaks to the console's own database connection through its `db` option, so it needs no
 * connection settings of its own and works on embedded PGlite too.
 */
export function bossDb(raw: RawDb): PgBoss.Db {
  if (raw.kind === "postgres") {
    const { pool } = raw;
    // pool.query returns a failed client to the pool destroyed, so an aborted BEGIN…COMMIT script
    // cannot leave a connection mid-transaction.
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const { client } = raw;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // pg-boss sends scripts of several statements without parameters (schema creation,
      // maintenance): only exec runs those, and pg-boss reads rows from any of them.
      try {
        const results = await client.exec(text);
        return { rows: results.flatMap((r) => r.rows) };
      } catch (error) {
        // A failed script stops at the failing statement, inside its BEGIN, and PGlite has one
        // connection: end that transaction or every later query fails.
        await client.exec("ROLLBACK").catch(() => {});
        throw error;
      }
    },
  };
}

/**
 * pg-boss's tables live in their own schema: `pgboss` in production, and beside each test run's
 * console schema in tests, so parallel test files never share a queue.
 */
export function bossSchemaFor(raw: RawDb): string {
  return raw.kind === "postgres" && raw.schemaName ? `${raw.schemaName}_pgboss` : "pgboss";
}
