import { describe, expect, it } from "vitest";
import { applyTestToBuckets } from "./health";
import { applyTestMode, describeTestNote, involvesAny, topicAddress } from "./test-activity";

const ev = (id: string) => ({ id });
const marking = { test: new Set(["t1", "t2"]), unclassified: new Set(["u1"]) };
const events = ["r1", "t1", "u1", "t2", "r2"].map(ev);

describe("test activity", () => {
  it("reads an address from a log topic only when it is a left-padded address", () => {
    expect(topicAddress(`0x${"0".repeat(24)}${"Ab".repeat(20)}`)).toBe(`0x${"ab".repeat(20)}`);
    expect(topicAddress(`0x${"1".repeat(64)}`)).toBeNull();
    expect(involvesAny(["0xAA"], new Set(["0xaa"]))).toBe(true);
  });

  it("keeps every event under include, leaves test out under exclude (unclassified kept), keeps it alone under only", () => {
    expect(applyTestMode(events, marking, "include")).toEqual({
      kept: events,
      note: { mode: "include", leftOut: 0, unclassified: 1 },
    });
    const exclude = applyTestMode(events, marking, "exclude");
    expect(exclude.kept.map((e) => e.id)).toEqual(["r1", "u1", "r2"]);
    expect(exclude.note).toEqual({ mode: "exclude", leftOut: 2, unclassified: 1 });
    const only = applyTestMode(events, marking, "only");
    expect(only.kept.map((e) => e.id)).toEqual(["t1", "t2"]);
    expect(only.note.leftOut).toBe(3);
    expect(describeTestNote(exclude.note)).toBe(
      "2 left out as test activity; 1 not yet classified (counted as not test activity)",
    );
  });

  it("takes a bucket's test events out of its counts, or keeps them alone; a missing count stays missing", () => {
    const bucket = {
      start: "2026-11-01T00:00:00.000Z",
      end: "2026-11-02T00:00:00.000Z",
      success: 10,
      failed: 5,
      pending: null,
    };
    const test = [
      { createdAt: "2026-11-01T01:00:00.000Z", deliveryStatus: "failed" },
      { createdAt: "2026-11-01T02:00:00.000Z", deliveryStatus: "failed" },
      { createdAt: "2026-11-02T00:00:00.000Z", deliveryStatus: "failed" },
      { createdAt: "2026-11-01T03:00:00.000Z", deliveryStatus: "success" },
    ];
    expect(applyTestToBuckets([bucket], test, "exclude")[0]).toMatchObject({ success: 9, failed: 3, pending: null });
    expect(applyTestToBuckets([bucket], test, "only")[0]).toMatchObject({ success: 1, failed: 2, pending: null });
    expect(applyTestToBuckets([bucket], test, "include")[0]).toEqual(bucket);
  });
});
