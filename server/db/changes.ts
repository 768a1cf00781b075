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
  "case_requirements",
] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

const CHANNEL = "console_changes";

/**
 * How many writes to each watched table this process has heard of. On the embedded database the
 * process that writes is the one that hears, and PGlite calls the listener when the writing statement
 * (or its transaction's commit) returns, before the writer goes on: a read made while a table's count
 * stood still is what the database holds for as long as the count stands.
 */
export interface TableVersions {
  of(table: WatchedTable): number;
}

export async function watchTables(client: PGlite): Promise<TableVersions> {
  const counts = new Map<string, number>();
  await client.listen(CHANNEL, (table) => counts.set(table, (counts.get(table) ?? 0) + 1));
  return { of: (table) => counts.get(table) ?? 0 };
}
