import "server-only";
import { desc, eq, inArray } from "drizzle-orm";
import { filtersRecord, type ValidFilters } from "@/lib/alerts/filters";
import type { FiltersRecord } from "@/lib/alerts/filters-record";
import {
  periodAt,
  previousPeriod,
  type Cadence,
  type ScheduleRunView,
  type ScheduleView,
} from "@/lib/alerts/schedules";
import type { StaffUser } from "@/server/auth/users";
import { getDb, tables, type Db } from "@/server/db";
import { keptRead } from "@/server/db/kept-reads";
import { AppError, conflict } from "@/server/errors";
import { requireWebhook } from "../webhooks";
import { asOnRecord, schedulesOnRecord, type ScheduleOnRecord } from "./creates-on-record";
import { stopsOnRecord, type StopOnRecord } from "./stops-on-record";

/** Runs of each schedule the page shows, newest first. */
const RUNS_SHOWN = 12;

export interface NewSchedule {
  webhookId: string;
  filters: ValidFilters;
  format: "csv" | "ndjson";
  cadence: Cadence;
  timeZone: string;
  /** Also export the period that has just ended, at once (else the first run is when this one ends). */
  includeLastPeriod: boolean;
}

/** The filters a schedule keeps: what the page selected, without a range (each run's range is its period). */
function scheduleFilters(filters: ValidFilters): FiltersRecord {
  const { from: _from, to: _to, ...rest } = filtersRecord(filters);
  return rest;
}

export async function createSchedule(input: NewSchedule, user: StaffUser, now = new Date()) {
  await requireWebhook(input.webhookId);
  const first = input.includeLastPeriod
    ? previousPeriod(input.cadence, input.timeZone, now)
    : periodAt(input.cadence, input.timeZone, now);
  const db = await getDb();
  const [row] = await db
    .insert(tables.exportSchedules)
    .values({
      webhookId: input.webhookId,
      filters: scheduleFilters(input.filters),
      format: input.format,
      cadence: input.cadence,
      timeZone: input.timeZone,
      ownerId: user.id,
      ownerEmail: user.email,
      createdAt: now.toISOString(),
      firstPeriodStart: first.start.toISOString(),
    })
    .returning();
  if (!row) throw new Error("the schedule was not stored");
  return { id: row.id, firstPeriod: { start: first.start.toISOString(), end: first.end.toISOString() } };
}

/**
 * Stops a schedule (kept, with its runs): its owner (on its record) or an administrator. One whose row was
 * deleted outside the console is stopped on its record alone, which ends its report as deleted.
 */
export async function stopSchedule(id: string, user: StaffUser, now = new Date()) {
  const db = await getDb();
  const [row] = await db.select().from(tables.exportSchedules).where(eq(tables.exportSchedules.id, id)).limit(1);
  // Whose it is, as its record says where there is one: a writer who puts someone else in the row as its
  // owner does not let them stop it.
  const schedule = (await schedulesOnRecord(db)).get(id) ?? row;
  if (!schedule) throw new AppError("NOT_FOUND", "There is no such schedule.");
  if (schedule.ownerId !== user.id && user.role !== "admin")
    throw new AppError(
      "FORBIDDEN",
      `Only its owner (${schedule.ownerEmail ?? "someone"}) or an administrator can stop this schedule.`,
    );
  // Stopped once its stop is on record (this act's own record is); a stopped row without one was not stopped.
  if ((await stopsOnRecord(db, [id])).has(id)) throw conflict("This schedule was already stopped.");
  await db
    .update(tables.exportSchedules)
    .set({ stoppedAt: now.toISOString(), stoppedByEmail: user.email })
    .where(eq(tables.exportSchedules.id, id));
  return { id, webhookId: schedule.webhookId };
}

/**
 * Every schedule with its latest runs and where each stands (from its export run); kept between writes to
 * the tables it is read from (server/db/kept-reads.ts).
 */
export function listSchedules(): Promise<ScheduleView[]> {
  return keptRead(
    ["export_schedules", "export_schedule_runs", "users", "job_runs", "audit_log"],
    "export schedules",
    async (db) => ({ value: await readSchedules(db) }),
    "pages",
  );
}

async function readSchedules(db: Db): Promise<ScheduleView[]> {
  const stored = await db.select().from(tables.exportSchedules).orderBy(desc(tables.exportSchedules.createdAt));
  const onRecord = await schedulesOnRecord(db);
  const schedules: Listed[] = [
    ...stored.map((row) => ({ ...row, asOnRecord: asOnRecord(row, onRecord.get(row.id)), gone: false })),
    ...goneRows(onRecord, new Set(stored.map((row) => row.id))),
  ];
  if (schedules.length === 0) return [];
  const owners = await db
    .select({ id: tables.users.id, disabledAt: tables.users.disabledAt })
    .from(tables.users)
    .where(inArray(tables.users.id, [...new Set(schedules.map((s) => s.ownerId).filter(Boolean))]));
  const disabled = new Set(owners.filter((o) => o.disabledAt !== null).map((o) => o.id));
  const runs = await db
    .select()
    .from(tables.exportScheduleRuns)
    .where(
      inArray(
        tables.exportScheduleRuns.scheduleId,
        schedules.map((s) => s.id),
      ),
    )
    .orderBy(desc(tables.exportScheduleRuns.periodStart));
  const jobIds = runs.flatMap((r) => (r.jobRunId ? [r.jobRunId] : []));
  const jobs = jobIds.length
    ? await db
        .select({
          id: tables.jobRuns.id,
          status: tables.jobRuns.status,
          result: tables.jobRuns.result,
          error: tables.jobRuns.error,
        })
        .from(tables.jobRuns)
        .where(inArray(tables.jobRuns.id, jobIds))
    : [];
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const stops = await stopsOnRecord(
    db,
    schedules.map((s) => s.id),
  );
  return schedules.map((s) => ({
    id: s.id,
    webhookId: s.webhookId,
    filters: s.filters as FiltersRecord,
    format: s.format,
    cadence: s.cadence,
    timeZone: s.timeZone,
    ownerEmail: s.ownerEmail,
    createdAt: new Date(s.createdAt).toISOString(),
    stoppedAt: stops.get(s.id)?.at ?? null,
    paused: pausedBecause(s, stops.get(s.id), disabled.has(s.ownerId)),
    runs: runs
      .filter((r) => r.scheduleId === s.id)
      .slice(0, RUNS_SHOWN)
      .map((r): ScheduleRunView => {
        const job = r.jobRunId ? jobById.get(r.jobRunId) : undefined;
        const result = (job?.result ?? null) as { rows?: number; sha256?: string } | null;
        return {
          periodStart: new Date(r.periodStart).toISOString(),
          periodEnd: new Date(r.periodEnd).toISOString(),
          claimedAt: new Date(r.claimedAt).toISOString(),
          catchUp: r.catchUp,
          runId: r.jobRunId,
          status: job ? job.status : "waiting",
          rows: typeof result?.rows === "number" ? result.rows : null,
          sha256: typeof result?.sha256 === "string" ? result.sha256 : null,
          message: job ? (job.status === "failed" ? (job.error ?? "The export failed.") : null) : r.waitingFor,
        };
      }),
  }));
}

type Listed = typeof tables.exportSchedules.$inferSelect & { asOnRecord: boolean; gone: boolean };

/** Schedules on record whose row is gone (deleted outside the console), as their records say them, newest first. */
function goneRows(onRecord: Map<string, ScheduleOnRecord>, stored: Set<string>): Listed[] {
  return [...onRecord]
    .filter(([id]) => !stored.has(id))
    .map(([id, r]) => ({
      id,
      webhookId: r.webhookId,
      filters: r.filters,
      format: r.format as Listed["format"],
      cadence: r.cadence as Listed["cadence"],
      timeZone: r.timeZone,
      ownerId: r.ownerId ?? "",
      ownerEmail: r.ownerEmail ?? "someone",
      createdAt: r.createdAt,
      firstPeriodStart: r.firstPeriodStart ?? r.createdAt,
      stoppedAt: null,
      stoppedByEmail: null,
      asOnRecord: true,
      gone: true,
    }))
    .reverse();
}

/**
 * Why a schedule does not run: stopped, deleted or changed outside the console, its owner disabled; or
 * that a stop only its row shows (written outside the console) is ignored.
 */
function pausedBecause(s: Listed, stop: StopOnRecord | undefined, ownerDisabled: boolean): string | null {
  if (stop) return `Stopped by ${stop.by ?? "someone"}`;
  if (s.gone) return "Not run: deleted outside the console";
  if (!s.asOnRecord) return "Not run: changed outside the console";
  if (ownerDisabled) return `Paused: ${s.ownerEmail}'s account is disabled`;
  if (s.stoppedAt) return "Running: a stop not on the audit record was ignored";
  return null;
}
