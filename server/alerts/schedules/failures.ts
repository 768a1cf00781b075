import "server-only";
import { desc, eq, inArray } from "drizzle-orm";
import { getDb, tables, type Db } from "@/server/db";
import { schedulesOnRecord } from "./creates-on-record";
import { stopsOnRecord } from "./stops-on-record";

export interface FailingSchedule {
  scheduleId: string;
  webhookId: string;
  /** Runs that failed (after their retries) since the schedule's last success, newest first. */
  failed: number;
  /** The newest failed run's period start (null for one deleted). */
  periodStart: string | null;
  /** Its row was deleted outside the console: it no longer runs. */
  deleted: boolean;
}

/**
 * Each running schedule whose newest finished run failed: it stands until a later run succeeds. Runs
 * still going are left aside, so a retry under way neither raises nor clears it.
 */
export async function failingSchedules(): Promise<FailingSchedule[]> {
  const db = await getDb();
  const all = await db
    .select({ id: tables.exportSchedules.id, webhookId: tables.exportSchedules.webhookId })
    .from(tables.exportSchedules);
  // Running is what the audit chain says (./stops-on-record.ts): a stop only the row shows hides nothing.
  const stops = await stopsOnRecord(
    db,
    all.map((s) => s.id),
  );
  const schedules = all.filter((s) => !stops.has(s.id));
  return [...(await ranAndFailed(db, schedules)), ...(await deletedOutside(db, new Set(all.map((s) => s.id))))];
}

/**
 * Schedules on record, not stopped, whose row is gone: deleted outside the console, so they no longer
 * run (./creates-on-record.ts). Each is reported until an owner or administrator stops it.
 */
async function deletedOutside(db: Db, stored: Set<string>): Promise<FailingSchedule[]> {
  const gone = [...(await schedulesOnRecord(db))].filter(([id]) => !stored.has(id));
  const stops = await stopsOnRecord(
    db,
    gone.map(([id]) => id),
  );
  return gone
    .filter(([id]) => !stops.has(id))
    .map(([scheduleId, s]) => ({ scheduleId, webhookId: s.webhookId, failed: 0, periodStart: null, deleted: true }));
}

async function ranAndFailed(db: Db, schedules: { id: string; webhookId: string }[]): Promise<FailingSchedule[]> {
  if (schedules.length === 0) return [];
  const runs = await db
    .select({
      scheduleId: tables.exportScheduleRuns.scheduleId,
      periodStart: tables.exportScheduleRuns.periodStart,
      status: tables.jobRuns.status,
    })
    .from(tables.exportScheduleRuns)
    .innerJoin(tables.jobRuns, eq(tables.jobRuns.id, tables.exportScheduleRuns.jobRunId))
    .where(
      inArray(
        tables.exportScheduleRuns.scheduleId,
        schedules.map((s) => s.id),
      ),
    )
    .orderBy(desc(tables.exportScheduleRuns.periodStart));
  return schedules.flatMap((s) => {
    const finished = runs.filter((r) => r.scheduleId === s.id && ["succeeded", "failed"].includes(r.status));
    const lastSuccess = finished.findIndex((r) => r.status === "succeeded");
    const failed = lastSuccess === -1 ? finished.length : lastSuccess;
    const newest = finished[0];
    return failed > 0 && newest
      ? [
          {
            scheduleId: s.id,
            webhookId: s.webhookId,
            failed,
            periodStart: new Date(newest.periodStart).toISOString(),
            deleted: false,
          },
        ]
      : [];
  });
}
