import "server-only";

/**
 * How fast leases, sweeps and polling move. The defaults meet "another instance takes over within a
 * minute": a dead owner's lease lapses after at most `leaseMs` (30 s) from its last renewal, the next
 * sweep on any instance (every `sweepMs`, 10 s) re-queues the run and wakes its own worker, and
 * otherwise some worker polls within `pollingIntervalSeconds` (2 s): about 42 s in the worst case.
 * Tests use much shorter values. A lone instance (the embedded database) polls seldom: see below.
 */
export interface JobTiming {
  /** How long a lease lasts without renewal. */
  leaseMs: number;
  /** How often the owner renews its lease, writes buffered progress and looks for a cancel request. */
  heartbeatMs: number;
  /** How often every instance re-queues runs whose lease lapsed and re-sends lost dispatches. */
  sweepMs: number;
  /** pg-boss workers' polling interval (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds: number;
  /** pg-boss maintenance (archiving finished dispatch jobs). */
  maintenanceIntervalSeconds: number;
  /** The span the rate (and so the time left) is measured over. */
  rateWindowMs: number;
  /** How long stopJobWorkers waits for interrupted jobs to return before pg-boss stops anyway. */
  shutdownGraceMs: number;
  /** A run that had to be taken over this many times is failed instead of started again. */
  maxStarts: number;
}

export const DEFAULT_TIMING: JobTiming = {
  leaseMs: 30_000,
  heartbeatMs: 1_000,
  sweepMs: 10_000,
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 120,
  rateWindowMs: 15_000,
  shutdownGraceMs: 10_000,
  maxStarts: 10,
};

/**
 * The owner stops trusting its lease this long before it lapses on the database, so it has
 * stopped (its signal aborted) before anyone else may claim the run.
 */
export function leaseSafetyMarginMs(timing: JobTiming): number {
  return Math.max(timing.heartbeatMs, timing.leaseMs / 4);
}

/**
 * pg-boss's polling on the embedded database, where this process is the only instance: every
 * message is sent by it and wakes its workers (at once, or when a delayed one falls due), so polling
 * is only a safety net; at the default 2 s a dozen workers' polls were an idle console's largest cost.
 */
export const ALONE_POLLING_SECONDS = 30;

/**
 * The timing for a lease of `leaseSeconds` (CONSOLE_JOB_LEASE_SECONDS): sweeps three times a lease,
 * heartbeats every second (at most a quarter of the lease).
 */
export function leaseTiming(leaseSeconds: number): Partial<JobTiming> {
  const leaseMs = leaseSeconds * 1000;
  return {
    leaseMs,
    heartbeatMs: Math.min(DEFAULT_TIMING.heartbeatMs, Math.floor(leaseMs / 4)),
    sweepMs: Math.min(DEFAULT_TIMING.sweepMs, Math.floor(leaseMs / 3)),
  };
}

export function resolveTiming(overrides: Partial<JobTiming> = {}): JobTiming {
  const timing = { ...DEFAULT_TIMING, ...overrides };
  if (timing.heartbeatMs * 3 > timing.leaseMs)
    throw new Error("job timing: the lease must last at least three heartbeats");
  if (timing.pollingIntervalSeconds < 0.5) throw new Error("job timing: pg-boss polls at most every 0.5 s");
  if (timing.maintenanceIntervalSeconds < 1) throw new Error("job timing: pg-boss maintenance runs at most every 1 s");
  if (timing.maxStarts < 1) throw new Error("job timing: maxStarts must be at least 1");
  return timing;
}
