import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoInZone } from "@/lib/shared/time-zone";
import { ZoneTimeFormatter } from "./zone-time";

const ZONES = [
  "UTC",
  "Europe/Berlin",
  "America/New_York",
  "America/St_Johns",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "Etc/UTC",
];

describe("timestamps of an export in its time zone", () => {
  it("reads exactly as isoInZone, around daylight-saving changes too", () => {
    const instants = [
      Date.UTC(2026, 2, 29, 0, 59, 59, 999), // Berlin springs forward at 01:00 UTC
      Date.UTC(2026, 2, 29, 1, 0, 0, 0),
      Date.UTC(2026, 9, 25, 0, 59, 59, 999), // and falls back
      Date.UTC(2026, 9, 25, 1, 0, 0, 0),
      Date.UTC(2026, 2, 8, 6, 59, 59, 999), // New York
      Date.UTC(2026, 2, 8, 7, 0, 0, 0),
      Date.UTC(2026, 3, 4, 14, 59, 59, 999), // Lord Howe: a half-hour change
      Date.UTC(2026, 3, 4, 15, 0, 0, 0),
    ];
    for (const zone of ZONES) {
      const fast = new ZoneTimeFormatter(zone);
      for (const t of instants) expect(fast.format(t)).toBe(isoInZone(new Date(t), zone));
    }
  });

  it("matches isoInZone on random instants, in any order (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.array(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }), { minLength: 1, maxLength: 40 }),
        (zone, instants) => {
          const fast = new ZoneTimeFormatter(zone);
          for (const t of instants) expect(fast.format(t)).toBe(isoInZone(new Date(t), zone));
        },
      ),
      { numRuns: 200 },
    );
  });
});
