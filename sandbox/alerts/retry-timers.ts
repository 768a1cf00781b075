/**
 * The automatic retries' timers: at most one per event (scheduling again replaces it), and at most
 * `maxInFlight` retries delivering at once; retries whose time has come wait for a slot in due order.
 * Timers do not keep the process alive.
 */
export interface RetryTimersOptions {
  maxInFlight: number;
  now: () => number;
  /** Delivers the retry of row i (resolves when its outcome is recorded). */
  run(row: number): Promise<void>;
}

export class RetryTimers {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly due = new Set<number>();
  private running = 0;
  private stopped = false;

  constructor(private readonly opts: RetryTimersOptions) {}

  /** Rows with a retry to come (timer set or waiting for a slot). */
  get size(): number {
    return this.timers.size + this.due.size;
  }

  has(row: number): boolean {
    return this.timers.has(row) || this.due.has(row);
  }

  schedule(row: number, at: number): void {
    if (this.stopped) return;
    this.cancel(row);
    const timer = setTimeout(
      () => {
        this.timers.delete(row);
        this.due.add(row);
        this.pump();
      },
      Math.max(0, at - this.opts.now()),
    );
    timer.unref();
    this.timers.set(row, timer);
  }

  cancel(row: number): void {
    const timer = this.timers.get(row);
    if (timer) clearTimeout(timer);
    this.timers.delete(row);
    this.due.delete(row);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.due.clear();
  }

  private pump(): void {
    // A Set iterates in insertion order: the oldest due retry goes first.
    for (const row of this.due) {
      if (this.running >= this.opts.maxInFlight || this.stopped) return;
      this.due.delete(row);
      this.running++;
      void this.opts.run(row).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }
}
