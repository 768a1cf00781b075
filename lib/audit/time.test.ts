import { describe, expect, it } from "vitest";
import { endOfMinuteExclusive, floorToMinute, formatUtcMinute, formatUtcSecond, parseUtcMinute } from "./time";

describe("parseUtcMinute", () => {
  it("reads YYYY-MM-DD HH:mm as UTC", () => {
    expect(parseUtcMinute("2026-11-21 09:30")).toEqual({ ok: true, iso: "2026-11-21T09:30:00.000Z" });
    expect(parseUtcMinute("2026-11-21 21:05")).toEqual({ ok: true, iso: "2026-11-21T21:05:00.000Z" });
    expect(parseUtcMinute("2026-01-01 00:00")).toEqual({ ok: true, iso: "2026-01-01T00:00:00.000Z" });
  });

  it("forgives what people paste: a T, extra spaces, a trailing UTC", () => {
    for (const text of ["2026-11-21T09:30", "  2026-11-21   09:30 ", "2026-11-21 09:30 UTC", "2026-11-21 09:30utc"])
      expect(parseUtcMinute(text)).toEqual({ ok: true, iso: "2026-11-21T09:30:00.000Z" });
  });

  it("refuses other shapes with the form to use", () => {
    for (const text of [
      "",
      "yesterday",
      "2026-11-21",
      "2026-11-21 9:30",
      "2026-11-21 09:30 PM",
      "21/11/2026 09:30",
      "2026-11-21 09:30:15",
      "2026-11-21 09:30+01:00",
    ]) {
      const parsed = parseUtcMinute(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain("YYYY-MM-DD HH:mm");
    }
  });

  it("refuses dates and times that do not exist (24-hour clock)", () => {
    for (const text of [
      "2026-02-30 10:00",
      "2026-13-01 10:00",
      "2026-02-29 10:00",
      "2026-11-21 24:00",
      "2026-11-21 23:60",
    ]) {
      const parsed = parseUtcMinute(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/no such date and time/);
    }
    expect(parseUtcMinute("2028-02-29 23:59")).toEqual({ ok: true, iso: "2028-02-29T23:59:00.000Z" });
  });
});

describe("UTC formatting", () => {
  it("shows instants in 24-hour UTC whatever the machine's zone", () => {
    expect(formatUtcMinute("2026-11-21T21:30:59.999Z")).toBe("2026-11-21 21:30");
    expect(formatUtcMinute("2026-11-21T23:30:00+02:00")).toBe("2026-11-21 21:30");
    expect(formatUtcSecond("2026-11-21T21:30:59.999Z")).toBe("2026-11-21 21:30:59");
    expect(formatUtcMinute("garbage")).toBe("");
  });

  it("round-trips what the inputs show", () => {
    const parsed = parseUtcMinute(formatUtcMinute("2026-07-04T17:45:12.345Z"));
    expect(parsed).toEqual({ ok: true, iso: "2026-07-04T17:45:00.000Z" });
  });
});

describe("minute bounds", () => {
  it("cuts to the start of the minute and ends just after it", () => {
    expect(floorToMinute("2026-11-21T09:30:59.999Z")).toBe("2026-11-21T09:30:00.000Z");
    expect(floorToMinute("2026-11-21T09:30:00.000Z")).toBe("2026-11-21T09:30:00.000Z");
    expect(endOfMinuteExclusive("2026-11-21T09:30:00.000Z")).toBe("2026-11-21T09:31:00.000Z");
    expect(endOfMinuteExclusive("2026-12-31T23:59:30.000Z")).toBe("2027-01-01T00:00:00.000Z");
    expect(floorToMinute("1969-12-31T23:59:30.500Z")).toBe("1969-12-31T23:59:00.000Z");
  });
});
