import "server-only";
import type { PGlite } from "@electric-sql/pglite";

/** Tables whose every write is announced (a statement trigger each: migrations 0018 and 0019, *_change_notices). */
export const WATCHED_TABLES = [
  "audit_log",
  "users",
  "eject_requests",
  "eject_evidence",
  "test_clients",
  "vault_records",
  "job_runs",
  "notification_settings",
  "notification_findings",
  "notification_outbox",
  "saved_views",
  "export_schedules",
  "export_schedule_runs",
] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

export const CHANNEL = "console_changes";

/**
 * How many writes to each watched table this process has heard of. On the embedded database the
 * process that writes is the one that hears, and PGlite calls the listener when the writing statement
 * (or its transaction's commit) returns, before the writer goes on: a read made while a table's count
 * stood still is what the database holds for as long as the count stands. On PostgreSQL see
 * changes-postgres.ts.
 */
export interface TableVersions {
  /** A number that grows with every write heard to the table. */
  of(table: WatchedTable): number;
  /** False while writes cannot be heard: nothing is kept then. */
  readonly hearing: boolean;
  /** How long a value may be kept at most, whatever is heard (ms). */
  readonly keepMs: number;
}

/** The table a notice names ("schema.table", migration 0019), when it is in this console's schema. */
export function tableOf(payload: string, schema: string): string | undefined {
  return payload.startsWith(`${schema}.`) ? payload.slice(schema.length + 1) : undefined;
}

export async function watchTables(client: PGlite): Promise<TableVersions> {
  const counts = new Map<string, number>();
  await client.listen(CHANNEL, (payload) => {
    const table = tableOf(payload, "public");
    if (table) counts.set(table, (counts.get(table) ?? 0) + 1);
  });
  return { of: (table) => counts.get(table) ?? 0, hearing: true, keepMs: Number.POSITIVE_INFINITY };
}
