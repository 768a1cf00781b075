import { describe, expect, it } from "vitest";
import { formatDuration, shortAddress, utc, utcSecond } from "./format";

describe("formatting", () => {
  it("shortens long addresses and keeps short ones", () => {
    expect(shortAddress("0x1234567890abcdef1234567890abcdef12345678")).toBe("0x1234…5678");
    expect(shortAddress("abc")).toBe("abc");
  });
  it("prints UTC minutes", () => {
    expect(utc("2026-11-21T09:30:12.345Z")).toBe("2026-11-21 09:30 UTC");
    expect(utc(null)).toBe("—");
  });
  it("prints UTC seconds where the second matters", () => {
    expect(utcSecond("2026-11-21T09:30:12.345Z")).toBe("2026-11-21 09:30:12 UTC");
  });
  it("formats countdowns", () => {
    expect(formatDuration(245_000)).toBe("4m 05s");
    expect(formatDuration(3_720_000)).toBe("1h 02m");
    expect(formatDuration(-5)).toBe("0m 00s");
  });
});
