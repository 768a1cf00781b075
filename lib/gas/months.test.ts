import { describe, expect, it } from "vitest";
import {
  isoMonth,
  monthElapsed,
  monthLabel,
  monthNumber,
  monthOrdinal,
  monthsBetween,
  ordinalParts,
  utcMonthOf,
} from "./months";

describe("months", () => {
  it("reads English month names, full or short, in any case", () => {
    expect(monthNumber("January")).toBe(1);
    expect(monthNumber("june")).toBe(6);
    expect(monthNumber(" December ")).toBe(12);
    expect(monthNumber("Sep")).toBe(9);
    expect(monthNumber("Juin")).toBeUndefined();
    expect(monthNumber("Ju")).toBeUndefined();
    expect(monthNumber("")).toBeUndefined();
  });

  it("counts months so that consecutive months differ by one across a year's end", () => {
    expect(monthOrdinal(2026, 1) - monthOrdinal(2025, 12)).toBe(1);
    expect(ordinalParts(monthOrdinal(2025, 12))).toEqual({ year: 2025, month: 12 });
    expect(monthLabel(monthOrdinal(2026, 6))).toBe("June 2026");
    expect(isoMonth(monthOrdinal(2026, 6))).toBe("2026-06");
    expect(monthsBetween(monthOrdinal(2025, 11), monthOrdinal(2026, 2)).map(isoMonth)).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
  });

  it("places an instant in its UTC month and says how much of it has passed", () => {
    expect(utcMonthOf(Date.UTC(2026, 10, 30, 23, 59))).toBe(monthOrdinal(2026, 11));
    expect(utcMonthOf(Date.UTC(2026, 11, 1))).toBe(monthOrdinal(2026, 12));
    expect(monthElapsed(Date.UTC(2026, 10, 1))).toBe(0);
    // November has 30 days: noon on the 16th is exactly half way.
    expect(monthElapsed(Date.UTC(2026, 10, 16))).toBeCloseTo(0.5, 12);
    // February 2028 has 29 days.
    expect(monthElapsed(Date.UTC(2028, 1, 15, 12))).toBeCloseTo(0.5, 12);
  });
});
