import "server-only";
import { and, eq } from "drizzle-orm";
import { appendAudit, type AuditEntry } from "@/server/audit/append";
import { getDb, tables } from "@/server/db";

/**
 * The one audit record a job writes when it is done. A job may be resumed after it wrote the
 * record but before the run was marked finished (the instance died in between); the record's
 * request id is the run's ("job:<runId>"), so the resumed run finds it and does not write a second.
 */
export async function appendJobAuditOnce(runId: string, entry: Omit<AuditEntry, "requestId" | "ip">): Promise<void> {
  const requestId = `job:${runId}`;
  const db = await getDb();
  const [existing] = await db
    .select({ id: tables.auditLog.id })
    .from(tables.auditLog)
    .where(and(eq(tables.auditLog.action, entry.action), eq(tables.auditLog.requestId, requestId)))
    .limit(1);
  if (existing) return;
  await appendAudit({ ...entry, requestId, ip: null }, db);
}
