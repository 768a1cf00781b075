/**
 * The drop horizon: failed events the upstream is still retrying, each with its next automatic retry
 * and the time it is dropped if every retry fails (after which only a replay delivers it), lost
 * soonest first. Read from the listing alone: an event's retries and the time of its last attempt
 * (updatedAt) place it on the documented schedule (delivery-schedule.ts).
 */
import type { AlertEvent } from "@/lib/contracts/alerts";
import { MAX_AUTOMATIC_RETRIES, retryOffsetMs, retryPlace } from "./delivery-schedule";
import type { TestActivityNote } from "./test-activity";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How far back a failed event can still be in its schedule: the whole schedule, plus an hour for slow attempts. */
export function horizonWindowMs(scale: number): number {
  return retryOffsetMs(MAX_AUTOMATIC_RETRIES, scale) + HOUR_MS;
}

export interface AtRiskEvent {
  event: AlertEvent;
  /** When the next automatic retry is due (may be past: due now or under way). */
  nextRetryAt: string;
  /** When it is dropped if every retry fails. */
  dropsAt: string;
  /** Automatic retries still to come. */
  retriesLeft: number;
}

export interface DropHorizon {
  /** Lost soonest first. */
  events: AtRiskEvent[];
  /** Dropped within the next hour / day if every retry fails. */
  dropsWithinHour: number;
  dropsWithinDay: number;
  /** Failed events whose schedule is already spent (dropped) among those read. */
  dropped: number;
  /** The failed events read: those created since then. */
  since: string;
  /** False when more failed events exist than were read (the oldest are missing). */
  complete: boolean;
  /** The schedule's compression (1 against the real service). */
  scale: number;
  /** When this was computed. */
  at: string;
  /** What the test-activity switch did to the failed events read (absent: not applied). */
  testActivity?: TestActivityNote;
}

export function dropHorizon(
  failed: readonly AlertEvent[],
  options: { now: number; scale: number; since: string; complete: boolean },
): DropHorizon {
  const { now, scale } = options;
  const events: AtRiskEvent[] = [];
  let dropped = 0;
  for (const event of failed) {
    if (event.deliveryStatus !== "failed") continue;
    const place = retryPlace(Date.parse(event.updatedAt), event.retries, scale);
    if (place.nextRetryAt === null) {
      dropped++;
      continue;
    }
    events.push({
      event,
      nextRetryAt: new Date(place.nextRetryAt).toISOString(),
      dropsAt: new Date(place.dropsAt).toISOString(),
      retriesLeft: place.retriesLeft,
    });
  }
  events.sort((a, b) => Date.parse(a.dropsAt) - Date.parse(b.dropsAt) || a.event.id.localeCompare(b.event.id));
  const within = (ms: number) => events.filter((e) => Date.parse(e.dropsAt) <= now + ms).length;
  return {
    events,
    dropsWithinHour: within(HOUR_MS),
    dropsWithinDay: within(DAY_MS),
    dropped,
    since: options.since,
    complete: options.complete,
    scale,
    at: new Date(now).toISOString(),
  };
}
