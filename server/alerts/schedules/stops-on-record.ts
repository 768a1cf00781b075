import "server-only";
import { trustedOutcomes } from "@/server/audit/trusted-records";
import type { Db } from "@/server/db";

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
  const { rows } = await trustedOutcomes(db, {
    action: SCHEDULE_STOP_ACTION,
    targets: scheduleIds,
    what: "that an export schedule was stopped",
  });
  const found = new Map<string, StopOnRecord>();
  for (const row of rows)
    if (row.target && !found.has(row.target))
      found.set(row.target, { by: row.actorEmail, at: new Date(row.at).toISOString() });
  return found;
}
