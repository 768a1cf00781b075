import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { recordTrust } from "@/server/audit/trusted-records";
import { tables, type Db } from "@/server/db";

/** The act that stops a schedule (server/actions/alerts-schedules.ts); its record's target is the schedule. */
export const SCHEDULE_STOP_ACTION = "alerts.schedule-stop";

export interface StopOnRecord {
  by: string | null;
  at: string;
}

/**
 * Which of these schedules were stopped, as the audit chain says: a stop is its record (outcome ok),
 * the first one of each schedule. A stop a database writer puts in the schedules table without it is
 * not one: the schedule goes on running and its page says so. A stop record they edit raises the
 * chain's alarm (server/audit/trusted-records.ts); one they remove breaks the chain.
 */
export async function stopsOnRecord(db: Db, scheduleIds: readonly string[]): Promise<Map<string, StopOnRecord>> {
  const found = new Map<string, StopOnRecord>();
  if (scheduleIds.length === 0) return found;
  const t = tables.auditLog;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.action, SCHEDULE_STOP_ACTION), eq(t.outcome, "ok"), inArray(t.target, [...scheduleIds])))
    .orderBy(asc(t.seq));
  if (rows.length === 0) return found;
  const trusted = await recordTrust(db, "that an export schedule was stopped");
  for (const row of rows)
    if (row.target && !found.has(row.target) && (await trusted(row)))
      found.set(row.target, { by: row.actorEmail, at: new Date(row.at).toISOString() });
  return found;
}
