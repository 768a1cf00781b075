/**
 * Automatic retries on the real schedule: after every failed attempt the next step is armed, counted by
 * retries (one timer per event whatever started the attempt; after the seventh retry, none: dropped).
 * At start, every event whose schedule is not spent is armed again.
 */
import { MAX_AUTOMATIC_RETRIES, retryPlace } from "@/lib/alerts/delivery-schedule";
import { STATUS, type EventStore } from "./event-store";
import { RetryTimers } from "./retry-timers";

interface AutomaticRetriesContext {
  events: EventStore;
  /** The schedule's compression (SANDBOX_RETRY_SCALE): 1 is the real one; 0 turns automatic retries off. */
  retryScale?: number;
  /** Automatic retries delivering at once. */
  maxInFlight: number;
  now: () => number;
  /** Delivers the retry of row i (resolves when its outcome is recorded). */
  run(row: number): Promise<void>;
}

export class AutomaticRetries {
  private readonly timers: RetryTimers;
  private stopped = false;

  constructor(private readonly ctx: AutomaticRetriesContext) {
    this.timers = new RetryTimers({ maxInFlight: ctx.maxInFlight, now: ctx.now, run: ctx.run });
  }

  /** Events with an automatic retry to come. */
  get size(): number {
    return this.timers.size;
  }

  /** An attempt is starting: it replaces the armed retry. */
  cancel(i: number): void {
    this.timers.cancel(i);
  }

  /** Arms row i's next step of the schedule, if it has one. */
  schedule(i: number): void {
    const scale = this.ctx.retryScale ?? 1;
    if (!scale || this.stopped) return;
    const { events } = this.ctx;
    const place = retryPlace(events.updated[i] as number, events.retries[i] as number, scale);
    if (place.nextRetryAt !== null) this.timers.schedule(i, place.nextRetryAt);
  }

  /**
   * Arms the next retry of every event whose schedule is not spent: failed ones, and seeded ones
   * still pending (their attempt is in flight at the anchor; it is taken as failed then).
   */
  rearm(): void {
    const { events } = this.ctx;
    if (!this.ctx.retryScale) return;
    for (let i = 0; i < events.length; i++) {
      const status = events.status[i] as number;
      if (status === STATUS.success || (events.retries[i] as number) >= MAX_AUTOMATIC_RETRIES) continue;
      if (status === STATUS.pending && i >= events.seededCount) continue;
      this.schedule(i);
    }
  }

  stop(): void {
    this.stopped = true;
    this.timers.stop();
  }
}
