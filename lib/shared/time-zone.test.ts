import { describe, expect, it } from "vitest";
import { isoInZone, isZone, parseWallTime, startOfDayIn, wallTime, wallTimeSeconds } from "./time-zone";

describe("times in a zone", () => {
  it("reads a wall time in UTC and in a zone with daylight saving", () => {
    expect(parseWallTime("2026-11-21 09:30", "UTC")?.toISOString()).toBe("2026-11-21T09:30:00.000Z");
    // Berlin is UTC+1 in November and UTC+2 in July.
    expect(parseWallTime("2026-11-21 09:30", "Europe/Berlin")?.toISOString()).toBe("2026-11-21T08:30:00.000Z");
    expect(parseWallTime("2026-07-01 09:30", "Europe/Berlin")?.toISOString()).toBe("2026-07-01T07:30:00.000Z");
    expect(parseWallTime("2026-11-21T23:59", "America/New_York")?.toISOString()).toBe("2026-11-22T04:59:00.000Z");
  });

  it("refuses what is not a time", () => {
    for (const bad of ["2026-02-31 10:00", "2026-13-01 10:00", "2026-11-21 24:00", "21/11/2026 10:00", "yesterday", ""])
      expect(parseWallTime(bad, "UTC")).toBeUndefined();
  });

  it("writes an instant back in the zone, 24-hour, with an explicit offset", () => {
    const at = new Date("2026-11-21T08:30:05.123Z");
    expect(wallTime(at, "Europe/Berlin")).toBe("2026-11-21 09:30");
    expect(wallTimeSeconds(at, "UTC")).toBe("2026-11-21 08:30:05");
    expect(isoInZone(at, "UTC")).toBe("2026-11-21T08:30:05.123Z");
    expect(isoInZone(at, "Europe/Berlin")).toBe("2026-11-21T09:30:05.123+01:00");
    expect(isoInZone(at, "Asia/Kolkata")).toBe("2026-11-21T14:00:05.123+05:30");
  });

  it("finds the start of a day in the zone, across a daylight-saving change", () => {
    // 2026-10-25 is the autumn change in Europe: the day starts at 22:00 UTC the evening before.
    expect(startOfDayIn(new Date("2026-10-25T12:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2026-10-24T22:00:00.000Z",
    );
    expect(startOfDayIn(new Date("2026-10-26T12:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2026-10-25T23:00:00.000Z",
    );
  });

  it("knows real zones only", () => {
    expect(isZone("UTC")).toBe(true);
    expect(isZone("Europe/Berlin")).toBe(true);
    expect(isZone("Mars/Olympus")).toBe(false);
    expect(isZone("<script>")).toBe(false);
  });
});
