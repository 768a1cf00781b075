import "server-only";
import { performance } from "node:perf_hooks";
import type { Logger } from "pino";
import type { Db } from "@/server/db/client";
import { JobInterruptedError, type InterruptReason } from "./errors";
import { finishRun, releaseRun, renewLease, writeCheckpoint, type Ending, type Fence } from "./lease-store";
import type { ProgressMeter } from "./progress-meter";
import { leaseSafetyMarginMs, type JobTiming } from "./timing";
import type { JobRun } from "./types";

/**
 * A driver's hold on one run: renews the lease, writes buffered progress, notices cancel requests,
 * and aborts the job's signal when the run stops being this driver's.
 *
 * The lease is trusted only until `leaseMs - margin` after the last renewal was *sent* (local
 * monotonic clock), so a driver that cannot reach the database stops before its lease can lapse
 * there and another instance may claim the run: two drivers never run one job at once. All writes
 * go through one queue, so a heartbeat never lands after (and undoes) a later checkpoint.
 */
export class RunLease {
  private readonly controller = new AbortController();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private deadlineTimer: NodeJS.Timeout | undefined;
  private writes: Promise<unknown> = Promise.resolve();
  private reason: InterruptReason | undefined;
  /** No more heartbeats: the run is ending or no longer ours. */
  private ending = false;
  /** No more writes of any kind. */
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly timing: JobTiming,
    readonly fence: Fence,
    private readonly meter: ProgressMeter,
    private readonly log: Logger,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get interruptedBy(): InterruptReason | undefined {
    return this.reason;
  }

  /** `claimSentAt`: performance.now() just before the claim that granted this lease was sent. */
  start(claimSentAt: number) {
    this.trustUntil(claimSentAt);
    this.scheduleHeartbeat();
  }

  interrupt(reason: InterruptReason) {
    // A lost lease outranks a cancel or a shutdown: after it, this driver may write nothing at all.
    if (reason === "lease-lost") {
      this.ending = true;
      this.stopTimers();
      this.reason = reason;
    } else this.reason ??= reason;
    if (!this.controller.signal.aborted) this.controller.abort(new JobInterruptedError(this.reason));
  }

  /** Saves a checkpoint and the current progress in one write. */
  checkpoint(state: unknown): Promise<void> {
    return this.serialized(async () => {
      if (this.reason === "lease-lost" || this.closed) throw new JobInterruptedError("lease-lost");
      const ok = await writeCheckpoint(this.db, this.fence, state, this.meter.snapshot(Date.now()));
      if (!ok) {
        this.interrupt("lease-lost");
        throw new JobInterruptedError("lease-lost");
      }
    });
  }

  /** Records the run's end. False when the run was no longer this driver's. */
  finish(ending: Ending): Promise<boolean> {
    return this.closing(() => finishRun(this.db, this.fence, ending, this.meter.snapshot(Date.now()))).then(
      (done) => done === true,
    );
  }

  /** Hands the run back to the queue; returns its new status, or undefined when it was not ours. */
  release(error?: string): Promise<JobRun["status"] | undefined> {
    return this.closing(() => releaseRun(this.db, this.fence, this.meter.snapshot(Date.now()), error));
  }

  /** Stops renewing without writing anything: the lease lapses and the sweep hands the run on. */
  abandon() {
    this.closed = true;
    this.interrupt("lease-lost");
  }

  private closing<T>(write: () => Promise<T>): Promise<T | undefined> {
    this.ending = true;
    this.stopTimers();
    return this.serialized(async () => {
      if (this.reason === "lease-lost" || this.closed) return undefined;
      this.closed = true;
      return write();
    });
  }

  private scheduleHeartbeat() {
    if (this.ending) return;
    this.heartbeatTimer = setTimeout(() => {
      void this.heartbeat().finally(() => this.scheduleHeartbeat());
    }, this.timing.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  private heartbeat(): Promise<void> {
    return this.serialized(async () => {
      if (this.ending) return;
      const sentAt = performance.now();
      try {
        const renewed = await renewLease(this.db, this.fence, this.timing.leaseMs, this.meter.snapshot(Date.now()));
        if (!renewed) return this.interrupt("lease-lost");
        // The run may have ended while this beat was in flight; its deadline is gone for good.
        if (!this.ending) this.trustUntil(sentAt);
        if (renewed.cancelRequested) this.interrupt("cancelled");
      } catch (error) {
        // The database may be back by the next beat; if not, the deadline stops the job in time.
        this.log.warn({ err: error, runId: this.fence.runId }, "job lease renewal failed");
      }
    });
  }

  private trustUntil(sentAt: number) {
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    const deadline = sentAt + this.timing.leaseMs - leaseSafetyMarginMs(this.timing);
    this.deadlineTimer = setTimeout(
      () => {
        this.log.warn({ runId: this.fence.runId }, "job lease could not be renewed in time; stopping the job");
        this.interrupt("lease-lost");
      },
      Math.max(0, deadline - performance.now()),
    );
    this.deadlineTimer.unref();
  }

  private stopTimers() {
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    this.heartbeatTimer = undefined;
    this.deadlineTimer = undefined;
  }

  private serialized<T>(write: () => Promise<T>): Promise<T> {
    const next = this.writes.then(write, write);
    this.writes = next.catch(() => {});
    return next;
  }
}
