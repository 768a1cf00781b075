import { describe, expect, it } from "vitest";
import { ProgressMeter } from "./progress-meter";

describe("progress meter", () => {
  const start = { done: 0, total: null, message: null };

  it("measures the rate over the recent window and derives the time left", () => {
    const meter = new ProgressMeter(10_000, start, 0);
    meter.report({ done: 0, total: 1000 }, 0);
    for (let t = 1000; t <= 5000; t += 1000) meter.report({ done: t / 10 }, t);
    expect(meter.snapshot(5000)).toEqual({ done: 500, total: 1000, rate: 100, eta: 5, message: null });
  });

  it("lets the rate fall while the job reports nothing, instead of freezing it", () => {
    const meter = new ProgressMeter(4_000, start, 0);
    for (let t = 1000; t <= 4000; t += 1000) meter.report({ done: t / 10, total: 1000 }, t);
    const running = meter.snapshot(4000).rate!;
    const stalled = meter.snapshot(12_000).rate!;
    expect(running).toBeCloseTo(100);
    expect(stalled).toBeLessThan(running / 2);
  });

  it("forgets samples older than the window, so a change of pace shows", () => {
    const meter = new ProgressMeter(2_000, start, 0);
    meter.report({ done: 1000 }, 1000); // 1000/s at first
    for (let t = 2000; t <= 6000; t += 500) meter.report({ done: 1000 + (t - 1000) / 100 }, t); // then 10/s
    expect(meter.snapshot(6000).rate).toBeCloseTo(10, 0);
  });

  it("starts from the progress a resumed run had, without counting it as speed", () => {
    const meter = new ProgressMeter(10_000, { done: 500, total: 1000, message: "resumed" }, 0);
    meter.report({ done: 520 }, 1000);
    expect(meter.snapshot(1000)).toMatchObject({ done: 520, rate: 20, eta: 24, message: "resumed" });
  });

  it("has no rate before there is a span to measure, a zero time left when done, and clamps bad input", () => {
    const meter = new ProgressMeter(10_000, start, 0);
    expect(meter.snapshot(0)).toMatchObject({ rate: null, eta: null });
    meter.report({ done: Number.NaN, total: 10, message: "x".repeat(500) }, 50);
    expect(meter.snapshot(50)).toMatchObject({ done: 0, rate: null });
    expect(meter.snapshot(50).message).toHaveLength(200);
    meter.report({ done: 10 }, 1000);
    expect(meter.snapshot(1000).eta).toBe(0);
    meter.report({ done: 3 }, 2000); // counted backwards: measurement restarts
    expect(meter.snapshot(2000)).toMatchObject({ done: 3, rate: null });
  });
});
