import { describe, expect, it } from "vitest";
import { DEFAULT_TIMING, leaseSafetyMarginMs, leaseTiming, resolveTiming } from "./timing";

describe("job timing", () => {
  it("lets another instance take over within a minute by default", () => {
    // The lease lapses, the next sweep anywhere re-queues the run, and some worker polls it.
    const worstCase = DEFAULT_TIMING.leaseMs + DEFAULT_TIMING.sweepMs + DEFAULT_TIMING.pollingIntervalSeconds * 1000;
    expect(worstCase).toBeLessThan(60_000);
    // A cancel reaches a driver on another instance with its next heartbeat.
    expect(DEFAULT_TIMING.heartbeatMs).toBeLessThanOrEqual(2_000);
  });

  it("has an owner stop trusting its lease well before it lapses, after missing several heartbeats", () => {
    for (const timing of [DEFAULT_TIMING, resolveTiming({ leaseMs: 3_000, heartbeatMs: 250 })]) {
      const margin = leaseSafetyMarginMs(timing);
      expect(margin).toBeGreaterThanOrEqual(timing.heartbeatMs);
      expect(timing.leaseMs - margin).toBeGreaterThanOrEqual(2 * timing.heartbeatMs);
    }
  });

  it("refuses settings that would break the lease or pg-boss's limits", () => {
    expect(() => resolveTiming({ leaseMs: 2_000, heartbeatMs: 1_000 })).toThrow(/three heartbeats/);
    expect(() => resolveTiming({ pollingIntervalSeconds: 0.1 })).toThrow(/0.5 s/);
    expect(() => resolveTiming({ maxStarts: 0 })).toThrow(/maxStarts/);
  });

  it("takes a lease length from CONSOLE_JOB_LEASE_SECONDS: 30 is the default, 6 still valid", () => {
    expect(resolveTiming(leaseTiming(30))).toEqual(DEFAULT_TIMING);
    const short = resolveTiming(leaseTiming(6));
    expect(short).toMatchObject({ leaseMs: 6_000, heartbeatMs: 1_000, sweepMs: 2_000 });
    expect(short.leaseMs - leaseSafetyMarginMs(short)).toBeGreaterThanOrEqual(2 * short.heartbeatMs);
  });
});
