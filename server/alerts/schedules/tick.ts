import "server-only";
import { and, desc, eq, isNull, lt } from "drizzle-orm";
import type { FiltersRecord } from "@/lib/alerts/filters-record";
import { endedPeriods, nextPeriod, periodAt, type Period } from "@/lib/alerts/schedules";
import { can } from "@/lib/auth/permissions";
import { getDb, tables, type Db } from "@/server/db";
import { AppError } from "@/server/errors";
import { startJob } from "@/server/jobs";
import { logger } from "@/server/log";
import type { ExportParams } from "../export/checkpoint";
import { alertsExportJob } from "../export/job";
import { asOnRecord, schedulesOnRecord } from "./creates-on-record";
import { stopsOnRecord } from "./stops-on-record";

/** How often every console process looks for periods that ended. */
const LOOK_EVERY_MS = 30_000;
/** A claim still without its export run this long after it was made is started again (its process died). */
const RESTART_AFTER_MS = 60_000;
/** A period claimed this long after it was owed was missed (the console was down): its manifest says so. */
const CATCH_UP_AFTER_MS = 10 * 60_000;
/** Periods one look claims per schedule at most: a console down for years catches up over several looks. */
const MAX_PERIODS_PER_LOOK = 62;

type Schedule = typeof tables.exportSchedules.$inferSelect;
type Claim = typeof tables.exportScheduleRuns.$inferSelect;
interface Owner {
  id: string;
  email: string;
  role: (typeof tables.users.$inferSelect)["role"];
}

/**
 * Claims every period that ended for each running schedule and starts its export, as the schedule's
 * owner. Every process may look at once: the claim's primary key (schedule, period start) lets one
 * insert win, so a period runs once; a claim left without its run is started again by a later look.
 * Returns the periods this look claimed.
 */
export async function runDueSchedules(now = new Date()): Promise<number> {
  const db = await getDb();
  const rows = await db
    .select({
      schedule: tables.exportSchedules,
      owner: { id: tables.users.id, email: tables.users.email, role: tables.users.role },
    })
    .from(tables.exportSchedules)
    .innerJoin(tables.users, eq(tables.users.id, tables.exportSchedules.ownerId))
    .where(isNull(tables.users.disabledAt));
  // Stopped is what the audit chain says (./stops-on-record.ts), not what the row says.
  const stops = await stopsOnRecord(
    db,
    rows.map((r) => r.schedule.id),
  );
  // And a row is a schedule only as its record says it (./creates-on-record.ts).
  const onRecord = await schedulesOnRecord(db);
  let claimed = 0;
  for (const { schedule, owner } of rows) {
    if (stops.has(schedule.id)) continue;
    if (!asOnRecord(schedule, onRecord.get(schedule.id))) {
      logger.warn(
        { scheduleId: schedule.id },
        "scheduled export: a schedule not as its audit record says does not run",
      );
      continue;
    }
    if (schedule.stoppedAt)
      logger.warn({ scheduleId: schedule.id }, "scheduled export: a stop not on the audit record is ignored");
    // An owner whose role no longer exports has no schedule that runs (the page says it is paused).
    if (!can(owner.role, "alerts:export")) continue;
    const claims = await claimEnded(db, schedule, now);
    claimed += claims.length;
    for (const claim of [...claims, ...(await reclaimStale(db, schedule.id, now))])
      await start(db, schedule, owner, claim, now);
  }
  return claimed;
}

async function claimEnded(db: Db, schedule: Schedule, now: Date): Promise<Claim[]> {
  const { cadence, timeZone } = schedule;
  const [last] = await db
    .select({ periodStart: tables.exportScheduleRuns.periodStart })
    .from(tables.exportScheduleRuns)
    .where(eq(tables.exportScheduleRuns.scheduleId, schedule.id))
    .orderBy(desc(tables.exportScheduleRuns.periodStart))
    .limit(1);
  const first: Period = last
    ? nextPeriod(cadence, timeZone, periodAt(cadence, timeZone, new Date(last.periodStart)))
    : periodAt(cadence, timeZone, new Date(schedule.firstPeriodStart));
  const claims: Claim[] = [];
  for (const period of endedPeriods(cadence, timeZone, first, now, MAX_PERIODS_PER_LOOK)) {
    const [claim] = await db
      .insert(tables.exportScheduleRuns)
      .values({
        scheduleId: schedule.id,
        periodStart: period.start.toISOString(),
        periodEnd: period.end.toISOString(),
        claimedAt: now.toISOString(),
        // Late against when it was owed: its end, or the schedule's creation for a period asked for then.
        catchUp: now.getTime() - Math.max(period.end.getTime(), Date.parse(schedule.createdAt)) > CATCH_UP_AFTER_MS,
      })
      .onConflictDoNothing()
      .returning();
    if (claim) claims.push(claim);
  }
  return claims;
}

/** Claims whose run was never started (a process that died between the two, an owner at their limit), taken once. */
function reclaimStale(db: Db, scheduleId: string, now: Date): Promise<Claim[]> {
  const t = tables.exportScheduleRuns;
  return db
    .update(t)
    .set({ claimedAt: now.toISOString() })
    .where(
      and(
        eq(t.scheduleId, scheduleId),
        isNull(t.jobRunId),
        lt(t.claimedAt, new Date(now.getTime() - RESTART_AFTER_MS).toISOString()),
      ),
    )
    .returning();
}

async function start(db: Db, schedule: Schedule, owner: Owner, claim: Claim, now: Date) {
  const periodStart = new Date(claim.periodStart).toISOString();
  const periodEnd = new Date(claim.periodEnd).toISOString();
  const params: ExportParams = {
    webhookId: schedule.webhookId,
    // The period is the range, in the schedule's zone (the file's times are written in it too).
    filters: { ...(schedule.filters as FiltersRecord), from: periodStart, tz: schedule.timeZone },
    format: schedule.format,
    until: periodEnd,
    startedAt: now.toISOString(),
    actor: { id: owner.id, email: owner.email, role: owner.role },
    schedule: {
      scheduleId: schedule.id,
      cadence: schedule.cadence,
      timeZone: schedule.timeZone,
      periodStart,
      periodEnd,
      catchUp: claim.catchUp,
    },
  };
  const where = and(
    eq(tables.exportScheduleRuns.scheduleId, schedule.id),
    eq(tables.exportScheduleRuns.periodStart, claim.periodStart),
  );
  try {
    // The key names the period: a start asked again while the first is queued or running joins it.
    const { run } = await startJob(alertsExportJob, params, {
      startedBy: { id: owner.id, email: owner.email },
      singletonKey: `schedule:${schedule.id}:${periodStart}`,
    });
    await db.update(tables.exportScheduleRuns).set({ jobRunId: run.id, waitingFor: null }).where(where);
  } catch (error) {
    const waitingFor =
      error instanceof AppError && error.code === "TOO_MANY_RUNS"
        ? `Waits for ${owner.email}'s other exports to finish.`
        : "Could not be started yet; tried again within a minute.";
    if (!(error instanceof AppError))
      logger.warn({ err: error, scheduleId: schedule.id }, "scheduled export not started");
    await db.update(tables.exportScheduleRuns).set({ waitingFor }).where(where);
  }
}

const globalForSchedules = globalThis as unknown as {
  consoleExportSchedules?: NodeJS.Timeout;
  consoleExportSchedulesLooking?: boolean;
};

/**
 * One look, unless one is under way in this process (a look never overlaps the last): every 30 s, and
 * at once when a schedule is saved, so a period that has just ended is exported now, not within 30 s.
 */
export function lookForDueSchedules(): void {
  if (globalForSchedules.consoleExportSchedulesLooking) return;
  globalForSchedules.consoleExportSchedulesLooking = true;
  runDueSchedules()
    .then((claimed) => {
      if (claimed > 0) logger.info({ claimed }, "scheduled exports started");
    })
    .catch((error: unknown) => logger.warn({ err: error }, "scheduled exports: look failed"))
    .finally(() => {
      globalForSchedules.consoleExportSchedulesLooking = false;
    });
}

/** Every instance looks every 30 s (the timer keeps no process alive). */
export function startExportSchedules(): void {
  if (globalForSchedules.consoleExportSchedules) return;
  setTimeout(lookForDueSchedules, 5_000).unref();
  globalForSchedules.consoleExportSchedules = setInterval(lookForDueSchedules, LOOK_EVERY_MS);
  globalForSchedules.consoleExportSchedules.unref();
}
