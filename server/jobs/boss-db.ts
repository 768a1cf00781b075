import "server-only";
import type PgBoss from "pg-boss";
import type { RawDb } from "@/server/db/client";

/** The job queue's connection to the console's database, and a way to wait for what it sent. */
export interface BossDb extends PgBoss.Db {
  /**
   * Resolves when every statement sent so far has ended, well or not. pg-boss completes (or fails)
   * a finished message without awaiting it, after it has stopped counting the message as work in
   * progress: a caller about to close the pool waits for these first, or the completion meets a
   * closed pool (or a dropped schema) as an unhandled rejection.
   */
  settled(): Promise<void>;
  /** Whether no statement is in flight right now. */
  idle(): boolean;
  /**
   * From now on no statement is sent: each is left unanswered, so nothing pg-boss sends after its
   * stop (an unawaited completion of a message it fetched as it stopped) can reach a closed pool or
   * a dropped schema, or reject where nobody listens. The run it concerned is re-sent by a sweep.
   */
  close(): void;
}

/**
 * pg-boss speaks to the console's own database connection through its `db` option, so it needs no
 * connection settings of its own and works on embedded PGlite too.
 */
export function bossDb(raw: RawDb): BossDb {
  const execute = executor(raw);
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  return {
    executeSql(text, values) {
      if (closed) return new Promise<never>(() => {});
      const statement = execute(text, values);
      inFlight.add(statement);
      const forget = () => void inFlight.delete(statement);
      statement.then(forget, forget);
      return statement;
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    idle() {
      return inFlight.size === 0;
    },
    close() {
      closed = true;
    },
  };
}

function executor(raw: RawDb): PgBoss.Db["executeSql"] {
  if (raw.kind === "postgres") {
    const { pool } = raw;
    // pool.query returns a failed client to the pool destroyed, so an aborted BEGIN…COMMIT script
    // cannot leave a connection mid-transaction.
    return (text, values) => pool.query(text, values);
  }
  const { client } = raw;
  return async (text, values) => {
    if (values && values.length > 0) return client.query(text, values, raw.options());
    // pg-boss sends scripts of several statements without parameters (schema creation,
    // maintenance): only exec runs those, and pg-boss reads rows from any of them.
    try {
      const results = await client.exec(text, raw.options());
      return { rows: results.flatMap((r) => r.rows) };
    } catch (error) {
      // A failed script stops at the failing statement, inside its BEGIN, and PGlite has one
      // connection: end that transaction or every later query fails.
      await client.exec("ROLLBACK").catch(() => {});
      throw error;
    }
  };
}

/**
 * pg-boss's tables live in their own schema: `pgboss` in production, and beside each test run's
 * console schema in tests, so parallel test files never share a queue.
 */
export function bossSchemaFor(raw: RawDb): string {
  return raw.kind === "postgres" && raw.schemaName ? `${raw.schemaName}_pgboss` : "pgboss";
}
