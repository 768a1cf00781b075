import { describe, expect, it } from "vitest";
import { processCpuMs } from "./process-cpu";

describe("the benchmarks' CPU counter", () => {
  it("agrees with the process's own account of its CPU (getrusage, through process.cpuUsage)", () => {
    const before = processCpuMs(process.pid);
    const usageBefore = process.cpuUsage();
    let x = 0;
    const until = performance.now() + 60;
    while (performance.now() < until) x += Math.sqrt(x + 1);
    const usage = process.cpuUsage(usageBefore);
    const after = processCpuMs(process.pid);
    expect(x).toBeGreaterThan(0);
    expect(before).toBeDefined();
    const counted = (after ?? 0) - (before ?? 0);
    const own = (usage.user + usage.system) / 1000;
    // The counters of every thread against the process's: the same work, within a tick's rounding and
    // what other threads (the collector's helpers) did meanwhile.
    expect(counted).toBeGreaterThan(own - 12);
    expect(counted).toBeLessThan(own + 25);
  });

  it("counts nothing for a process that is not there", () => {
    expect(processCpuMs(2 ** 22 + 12345)).toBeUndefined();
  });
});
