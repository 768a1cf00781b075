import { describe, expect, it } from "vitest";
import { healthBuckets, successRate } from "./health";

const NOW = Date.parse("2026-11-27T12:00:30Z"); // 21:00:30 in Tokyo (UTC+9)

describe("health buckets", () => {
  it("are the last 24 whole hours, the last one ending now", () => {
    const b = healthBuckets("24h", "UTC", NOW);
    expect(b).toHaveLength(24);
    expect(new Date(b[0]!.start).toISOString()).toBe("2026-11-26T13:00:00.000Z");
    expect(new Date(b[23]!.start).toISOString()).toBe("2026-11-27T12:00:00.000Z");
    expect(b[23]!.end).toBe(NOW);
    for (let k = 1; k < 24; k++) expect(b[k]!.start).toBe(b[k - 1]!.end);
  });

  it("are days of the chosen zone: Tokyo's midnights, not UTC's", () => {
    const b = healthBuckets("7d", "Asia/Tokyo", NOW);
    expect(b.map((x) => new Date(x.start).toISOString())).toEqual([
      "2026-11-20T15:00:00.000Z",
      "2026-11-21T15:00:00.000Z",
      "2026-11-22T15:00:00.000Z",
      "2026-11-23T15:00:00.000Z",
      "2026-11-24T15:00:00.000Z",
      "2026-11-25T15:00:00.000Z",
      "2026-11-26T15:00:00.000Z",
    ]);
    expect(healthBuckets("30d", "UTC", NOW)).toHaveLength(30);
  });

  it("rate delivered over settled, unknown when nothing settled or a count is missing", () => {
    expect(successRate({ success: 3, failed: 1, pending: 9 })).toBe(0.75);
    expect(successRate({ success: 0, failed: 0, pending: 2 })).toBeNull();
    expect(successRate({ success: null, failed: 1, pending: 0 })).toBeNull();
  });
});
