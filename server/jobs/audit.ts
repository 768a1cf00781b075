import "server-only";
import { and, eq } from "drizzle-orm";
import { appendAudit, type AuditEntry } from "@/server/audit/append";
import { getDb, tables } from "@/server/db";

/**
 * An audit record a job writes once. A job may be resumed after it wrote the record but before it
 * moved on (the instance died in between); the record's request id names the run (and, for a job
 * that writes several records of one action, the `key` of this one: "job:<runId>[:<key>]"), so the
 * resumed run finds it and does not write a second.
 */
export async function appendJobAuditOnce(
  runId: string,
  entry: Omit<AuditEntry, "requestId" | "ip">,
  key?: string,
): Promise<void> {
  const requestId = key === undefined ? `job:${runId}` : `job:${runId}:${key}`;
  const db = await getDb();
  const [existing] = await db
    .select({ id: tables.auditLog.id })
    .from(tables.auditLog)
    .where(and(eq(tables.auditLog.action, entry.action), eq(tables.auditLog.requestId, requestId)))
    .limit(1);
  if (existing) return;
  await appendAudit({ ...entry, requestId, ip: null }, db);
}
