/**
 * Scheduled exports: a webhook's filters exported for each day, week or month that ends, in a time
 * zone. The periods are pure calendar arithmetic (date-fns with @date-fns/tz, which knows each zone's
 * offsets and their changes: a day in a zone that moves its clocks is 23 or 25 hours, as it should be).
 */
import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, addWeeks, startOfDay, startOfISOWeek, startOfMonth } from "date-fns";
import type { FiltersRecord } from "./filters-record";

export const CADENCES = ["daily", "weekly", "monthly"] as const;
export type Cadence = (typeof CADENCES)[number];

export const CADENCE_LABELS: Record<Cadence, string> = {
  daily: "Every day, for the day before",
  weekly: "Every Monday, for the week before (Monday to Sunday)",
  monthly: "Every 1st, for the month before",
};

export interface Period {
  /** Inclusive. */
  start: Date;
  /** Exclusive: the next period's start. */
  end: Date;
}

const startOf: Record<Cadence, (d: TZDate) => TZDate> = {
  daily: (d) => startOfDay(d),
  weekly: (d) => startOfISOWeek(d),
  monthly: (d) => startOfMonth(d),
};
const add: Record<Cadence, (d: TZDate, n: number) => TZDate> = {
  daily: (d, n) => addDays(d, n),
  weekly: (d, n) => addWeeks(d, n),
  monthly: (d, n) => addMonths(d, n),
};

/** The period of `cadence` in `zone` that holds the instant `at`. */
export function periodAt(cadence: Cadence, zone: string, at: Date): Period {
  const start = startOf[cadence](new TZDate(at.getTime(), zone));
  return { start: new Date(start.getTime()), end: new Date(add[cadence](start, 1).getTime()) };
}

/** The period right after `period`. */
export function nextPeriod(cadence: Cadence, zone: string, period: Period): Period {
  return periodAt(cadence, zone, period.end);
}

/** The period right before the one holding `at`: "the period just ended" when `at` is now. */
export function previousPeriod(cadence: Cadence, zone: string, at: Date): Period {
  const current = periodAt(cadence, zone, at);
  return periodAt(cadence, zone, new Date(current.start.getTime() - 1));
}

/**
 * The periods from `first` on that have ended by `now`, oldest first, at most `max`: what a schedule
 * owes after its last run (a console that was down owes every period it missed).
 */
export function endedPeriods(cadence: Cadence, zone: string, first: Period, now: Date, max: number): Period[] {
  const periods: Period[] = [];
  for (let p = first; p.end.getTime() <= now.getTime() && periods.length < max; p = nextPeriod(cadence, zone, p))
    periods.push(p);
  return periods;
}

/** A schedule as its page shows it. */
export interface ScheduleView {
  id: string;
  webhookId: string;
  filters: FiltersRecord;
  format: "csv" | "ndjson";
  cadence: Cadence;
  timeZone: string;
  ownerEmail: string;
  createdAt: string;
  stoppedAt: string | null;
  /** Why it does not run now, if it does not (stopped, or its owner's account is disabled). */
  paused: string | null;
  runs: ScheduleRunView[];
}

export interface ScheduleRunView {
  periodStart: string;
  periodEnd: string;
  claimedAt: string;
  /** Started after its period had long ended: a console that was down caught it up. */
  catchUp: boolean;
  runId: string | null;
  status: "waiting" | "queued" | "running" | "succeeded" | "failed" | "cancelled";
  rows: number | null;
  sha256: string | null;
  /** Why it waits (another export of its owner's runs first) or why it failed. */
  message: string | null;
}
