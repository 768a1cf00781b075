import { describe, expect, it } from "vitest";
import { retryOffsetMs, retryPlace } from "./delivery-schedule";

const MIN = 60_000;
const T = Date.UTC(2026, 10, 27, 12, 0, 0);

// The documented schedule (api-shapes.md §1.11): 1 min, 10 min, 1 h, 2 h, 6 h, 12 h, 24 h, then dropped.
describe("an event's place in the retry schedule", () => {
  it("after the first attempt failed: the next retry in a minute, dropped 45 h 11 min later if all fail", () => {
    expect(retryPlace(T, 0)).toEqual({
      nextRetryAt: T + MIN,
      dropsAt: T + (1 + 10 + 60 + 120 + 360 + 720 + 1440) * MIN,
      retriesLeft: 7,
    });
  });

  it("after the sixth retry: one left, a day later, which is also when it is dropped", () => {
    expect(retryPlace(T, 6)).toEqual({ nextRetryAt: T + 1440 * MIN, dropsAt: T + 1440 * MIN, retriesLeft: 1 });
  });

  it("after the seventh retry (or more, with replays): dropped at its last attempt", () => {
    expect(retryPlace(T, 7)).toEqual({ nextRetryAt: null, dropsAt: T, retriesLeft: 0 });
    expect(retryPlace(T, 9)).toEqual({ nextRetryAt: null, dropsAt: T, retriesLeft: 0 });
  });

  it("compresses every wait by the scale", () => {
    expect(retryPlace(T, 2, 0.001)).toEqual({
      nextRetryAt: T + 60 * MIN * 0.001,
      dropsAt: T + (60 + 120 + 360 + 720 + 1440) * MIN * 0.001,
      retriesLeft: 5,
    });
  });

  it("offsets from the first delivery add up the waits", () => {
    expect([1, 2, 3, 7, 8].map((n) => retryOffsetMs(n) / MIN)).toEqual([1, 11, 71, 2711, 2711]);
  });
});
