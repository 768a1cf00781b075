/**
 * The upstream's automatic retry schedule for a failed alert delivery, as its documentation gives it
 * (api-shapes.md §1.11): retries 1 min, 10 min, 1 h, 2 h, 6 h, 12 h and 24 h after the attempt before,
 * then the event is dropped and only a manual replay delivers it. The sandbox runs it (compressed by
 * SANDBOX_RETRY_SCALE); the console reads an event's place in it from the listing alone.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Wait before retry n+1, after attempt n (n = 0 is the first delivery). */
export const RETRY_DELAYS_MS: readonly number[] = [MINUTE, 10 * MINUTE, HOUR, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR];

/** Automatic retries before an event is dropped. */
export const MAX_AUTOMATIC_RETRIES = RETRY_DELAYS_MS.length;

export interface RetryPlace {
  /** When the next automatic retry is due; null once the schedule is spent (dropped). */
  nextRetryAt: number | null;
  /** When the event is (or was) dropped if every retry fails: the time of its last scheduled attempt. */
  dropsAt: number;
  /** Automatic retries still to come. */
  retriesLeft: number;
}

/**
 * Where a failed event stands, from its last attempt's time and the retries it has had. Every failed
 * attempt is followed by the next step of the schedule, counted by `retries`, so a manual replay that
 * fails takes a step too and never adds a second timer.
 */
export function retryPlace(lastAttemptAt: number, retries: number, scale = 1): RetryPlace {
  const done = Math.max(0, Math.floor(retries));
  if (done >= MAX_AUTOMATIC_RETRIES) return { nextRetryAt: null, dropsAt: lastAttemptAt, retriesLeft: 0 };
  let at = lastAttemptAt;
  let next: number | null = null;
  for (let n = done; n < MAX_AUTOMATIC_RETRIES; n++) {
    at += (RETRY_DELAYS_MS[n] as number) * scale;
    next ??= at;
  }
  return { nextRetryAt: next, dropsAt: at, retriesLeft: MAX_AUTOMATIC_RETRIES - done };
}

/** Delay from the first delivery to retry n (1-based), on the full schedule: 1 min, 11 min, 1 h 11 min, … */
export function retryOffsetMs(n: number, scale = 1): number {
  let total = 0;
  for (let k = 0; k < Math.min(n, MAX_AUTOMATIC_RETRIES); k++) total += (RETRY_DELAYS_MS[k] as number) * scale;
  return total;
}
