/**
 * The alert work under way (deliveries, confirmations): each piece tracked until it settles, so that
 * whenIdle() can wait for all of it. Tracked work never throws: an unexpected failure is logged.
 */
export class InFlight {
  private readonly work = new Set<Promise<unknown>>();

  track(work: Promise<unknown>): Promise<void> {
    const guarded = work
      .then(() => undefined)
      .catch((err: unknown) => console.error("sandbox: alert delivery failed unexpectedly:", err));
    this.work.add(guarded);
    void guarded.finally(() => this.work.delete(guarded));
    return guarded;
  }

  /** Resolves when every piece tracked so far has settled, or after `graceMs` (shutdown). */
  async whenIdle(graceMs = Infinity): Promise<void> {
    const deadline = Date.now() + graceMs;
    while (this.work.size && Date.now() < deadline) {
      const all = Promise.allSettled([...this.work]);
      if (graceMs === Infinity) await all;
      else await Promise.race([all, new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())).unref())]);
    }
  }
}
