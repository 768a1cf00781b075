import "server-only";
import type { ProgressReport } from "./types";

export interface ProgressSnapshot {
  done: number;
  total: number | null;
  /** Units per second over the recent window; null until there is a span to measure. */
  rate: number | null;
  /** Seconds left at the current rate; null while the total or the rate is unknown. */
  eta: number | null;
  message: string | null;
}

const MESSAGE_MAX = 200;
// Below this span a rate is mostly noise (two reports a millisecond apart).
const MIN_SPAN_MS = 200;

/**
 * Turns the counts a job reports into a rate and a time left. The rate is measured over a sliding
 * window ending now, so it falls when the job stalls instead of freezing at its last value.
 */
export class ProgressMeter {
  private samples: { at: number; done: number }[];
  private total: number | null;
  private message: string | null;

  constructor(
    private readonly windowMs: number,
    start: { done: number; total: number | null; message: string | null },
    now: number,
  ) {
    this.samples = [{ at: now, done: start.done }];
    this.total = start.total;
    this.message = start.message;
  }

  report(report: ProgressReport, now: number): void {
    const done = Number.isFinite(report.done) ? Math.max(0, Math.floor(report.done)) : this.done;
    if (report.total !== undefined)
      this.total =
        report.total === null || !Number.isFinite(report.total) ? null : Math.max(0, Math.floor(report.total));
    if (report.message !== undefined)
      this.message = report.message === null ? null : report.message.slice(0, MESSAGE_MAX);
    // A count that went backwards (a job recounting) starts the measurement again.
    if (done < this.done) this.samples = [];
    const last = this.samples.at(-1);
    if (last && last.at === now) last.done = done;
    else this.samples.push({ at: now, done });
    this.prune(now);
  }

  get done(): number {
    return this.samples.at(-1)?.done ?? 0;
  }

  snapshot(now: number): ProgressSnapshot {
    this.prune(now);
    const done = this.done;
    const base = this.samples[0];
    const span = base ? now - base.at : 0;
    const rate = base && span >= MIN_SPAN_MS ? ((done - base.done) * 1000) / span : null;
    let eta: number | null = null;
    if (this.total !== null && done >= this.total) eta = 0;
    else if (this.total !== null && rate !== null && rate > 0) eta = Math.ceil((this.total - done) / rate);
    return { done, total: this.total, rate, eta, message: this.message };
  }

  // Keeps the newest sample at or before the window's start as the base the rate is measured from.
  private prune(now: number) {
    const start = now - this.windowMs;
    while (this.samples.length > 1 && (this.samples[1]?.at ?? Infinity) <= start) this.samples.shift();
  }
}
