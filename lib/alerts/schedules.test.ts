import { describe, expect, it } from "vitest";
import { endedPeriods, nextPeriod, periodAt, previousPeriod } from "./schedules";

const iso = (p: { start: Date; end: Date }) => [p.start.toISOString(), p.end.toISOString()];

describe("schedule periods", () => {
  it("a day is midnight to midnight in its zone", () => {
    expect(iso(periodAt("daily", "UTC", new Date("2026-11-29T15:00:00Z")))).toEqual([
      "2026-11-29T00:00:00.000Z",
      "2026-11-30T00:00:00.000Z",
    ]);
    // 01:30 on the 30th in Tokyo (UTC+9) is 16:30 on the 29th in UTC.
    expect(iso(periodAt("daily", "Asia/Tokyo", new Date("2026-11-29T16:30:00Z")))).toEqual([
      "2026-11-29T15:00:00.000Z",
      "2026-11-30T15:00:00.000Z",
    ]);
  });

  it("a day in a zone that moves its clocks lasts 23 or 25 hours", () => {
    // Berlin: CET (UTC+1) until 29 March 2026 02:00, then CEST (UTC+2); back on 25 October 2026.
    const spring = periodAt("daily", "Europe/Berlin", new Date("2026-03-29T12:00:00Z"));
    expect(iso(spring)).toEqual(["2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"]);
    const autumn = periodAt("daily", "Europe/Berlin", new Date("2026-10-25T12:00:00Z"));
    expect(iso(autumn)).toEqual(["2026-10-24T22:00:00.000Z", "2026-10-25T23:00:00.000Z"]);
  });

  it("a week runs Monday to Monday (ISO), a month from the 1st", () => {
    // Sunday 29 November 2026: its week began on Monday the 23rd.
    expect(iso(periodAt("weekly", "UTC", new Date("2026-11-29T23:59:00Z")))).toEqual([
      "2026-11-23T00:00:00.000Z",
      "2026-11-30T00:00:00.000Z",
    ]);
    expect(iso(periodAt("monthly", "America/New_York", new Date("2026-11-29T15:00:00Z")))).toEqual([
      "2026-11-01T04:00:00.000Z",
      "2026-12-01T05:00:00.000Z",
    ]);
  });

  it("the period just ended, the next one, and every period owed since a first one", () => {
    const now = new Date("2026-11-29T15:00:00Z");
    expect(iso(previousPeriod("daily", "UTC", now))).toEqual(["2026-11-28T00:00:00.000Z", "2026-11-29T00:00:00.000Z"]);
    expect(iso(previousPeriod("monthly", "UTC", now))).toEqual([
      "2026-10-01T00:00:00.000Z",
      "2026-11-01T00:00:00.000Z",
    ]);
    const first = periodAt("daily", "UTC", new Date("2026-11-26T08:00:00Z"));
    expect(iso(nextPeriod("daily", "UTC", first))).toEqual(["2026-11-27T00:00:00.000Z", "2026-11-28T00:00:00.000Z"]);
    // The 26th, 27th and 28th have ended; the 29th has not.
    expect(endedPeriods("daily", "UTC", first, now, 10).map((p) => p.start.toISOString().slice(0, 10))).toEqual([
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
    ]);
    expect(endedPeriods("daily", "UTC", first, now, 2)).toHaveLength(2);
    expect(endedPeriods("daily", "UTC", periodAt("daily", "UTC", now), now, 10)).toEqual([]);
  });
});
