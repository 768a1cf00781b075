import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { appendAuditUnlessRecorded, type AuditEntry } from "@/server/audit/append";
import { getDb, tables, type Db } from "@/server/db";

export type JobAuditRecord = typeof tables.auditLog.$inferSelect;

const requestIdOf = (runId: string, key?: string) => (key === undefined ? `job:${runId}` : `job:${runId}:${key}`);

/**
 * An audit record a job writes once. A job may be resumed after it wrote the record but before it
 * moved on (the instance died in between); the record's request id names the run (and, for a job
 * that writes several records of one action, the `key` of this one: "job:<runId>[:<key>]"), so the
 * resumed run finds it and does not write a second. An intent and the outcome that joins it share
 * the request id, as an action's do; each is written once. The lookup and the write are one step
 * under the audit chain's lock, so a driver that lost its run and the one that took it over cannot
 * both write it. Returns the id of the record that stands for it.
 */
export async function appendJobAuditOnce(
  runId: string,
  entry: Omit<AuditEntry, "requestId" | "ip">,
  key?: string,
): Promise<{ id: string; created: boolean }> {
  const requestId = requestIdOf(runId, key);
  const which = entry.outcome === "intent" ? "intent" : "outcome";
  return appendAuditUnlessRecorded(
    { ...entry, requestId, ip: null },
    async (tx) => (await select(tx, entry.action, requestId, which))?.id,
    await getDb(),
  );
}

/** The intent or the outcome a job wrote once with appendJobAuditOnce, if it did. */
export async function findJobAudit(
  runId: string,
  action: string,
  key: string | undefined,
  which: "intent" | "outcome",
): Promise<JobAuditRecord | undefined> {
  return select(await getDb(), action, requestIdOf(runId, key), which);
}

async function select(db: Db, action: string, requestId: string, which: "intent" | "outcome") {
  const log = tables.auditLog;
  const [row] = await db
    .select()
    .from(log)
    .where(
      and(
        eq(log.action, action),
        eq(log.requestId, requestId),
        which === "intent" ? eq(log.outcome, "intent") : ne(log.outcome, "intent"),
      ),
    )
    .limit(1);
  return row;
}
