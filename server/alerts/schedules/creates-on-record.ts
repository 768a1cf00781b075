import "server-only";
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { CADENCES } from "@/lib/alerts/schedules";
import { trustedOutcomes } from "@/server/audit/trusted-records";
import type { Db } from "@/server/db";

/** The act that saves a schedule (server/actions/alerts-schedules.ts); its result names the schedule. */
export const SCHEDULE_CREATE_ACTION = "alerts.schedule-create";

/** What a schedule's record says it is: who asked for which export, how often, in which zone. */
export interface ScheduleOnRecord {
  ownerId: string | null;
  ownerEmail: string | null;
  /** When it was saved: its record's time. */
  createdAt: string;
  webhookId: string;
  /** The events page's filters as recorded, without a range (each run's range is its period). */
  filters: Record<string, unknown>;
  format: string;
  cadence: string;
  timeZone: string;
  /** Where its first period began, as the act said (records from before it do not say). */
  firstPeriodStart?: string;
}

const createSchema = z.object({
  input: z.object({
    webhookId: z.string(),
    filters: z.record(z.string(), z.unknown()),
    format: z.string(),
    cadence: z.enum(CADENCES),
    timeZone: z.string(),
  }),
  result: z.object({ scheduleId: z.string(), firstPeriod: z.object({ start: z.string() }).optional() }),
});

/**
 * Every schedule saved through its act, by id, as its record (outcome ok) says. A row of the schedules
 * table is a schedule only as its record says it: the tick runs, and the page lists as running, only rows
 * that match theirs (./tick.ts, ./store.ts), so a database writer cannot add an export that runs as
 * someone, nor change whose it is or what it exports; a record they edit raises the chain's alarm
 * (server/audit/trusted-records.ts); a schedule on record whose row was deleted is listed, and reported
 * by the failing-schedules rule, as deleted outside the console. A record whose outcome could not be
 * written in full (a note in place of its input and result) names no schedule: its row does not run.
 */
export async function schedulesOnRecord(db: Db): Promise<Map<string, ScheduleOnRecord>> {
  const { rows } = await trustedOutcomes(db, {
    action: SCHEDULE_CREATE_ACTION,
    what: "that an export schedule was saved",
  });
  const found = new Map<string, ScheduleOnRecord>();
  for (const row of rows) {
    const parsed = createSchema.safeParse(row.input);
    if (!parsed.success) continue;
    const { input, result } = parsed.data;
    const { from: _from, to: _to, ...filters } = input.filters;
    found.set(result.scheduleId, {
      ownerId: row.actorId,
      ownerEmail: row.actorEmail,
      createdAt: new Date(row.at).toISOString(),
      webhookId: input.webhookId,
      filters,
      format: input.format,
      cadence: input.cadence,
      timeZone: input.timeZone,
      ...(result.firstPeriod ? { firstPeriodStart: new Date(result.firstPeriod.start).toISOString() } : {}),
    });
  }
  return found;
}

/**
 * Whether a row of the schedules table is the schedule its record says (owner, webhook, filters, format,
 * cadence, zone, and where its first period began: a writer who moves that back makes it export older
 * periods, as its owner, to the archive).
 */
export function asOnRecord(
  row: {
    ownerId: string;
    webhookId: string;
    filters: unknown;
    format: string;
    cadence: string;
    timeZone: string;
    firstPeriodStart: string;
  },
  record: ScheduleOnRecord | undefined,
): boolean {
  return (
    record !== undefined &&
    record.ownerId === row.ownerId &&
    record.webhookId === row.webhookId &&
    record.format === row.format &&
    record.cadence === row.cadence &&
    record.timeZone === row.timeZone &&
    (record.firstPeriodStart === undefined ||
      Date.parse(record.firstPeriodStart) === Date.parse(row.firstPeriodStart)) &&
    isDeepStrictEqual(record.filters, row.filters)
  );
}
