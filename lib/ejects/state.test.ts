import { describe, expect, it } from "vitest";
import { currentEjectStep, ejectStage } from "./state";

const at = (iso: string) => Date.parse(iso);
const base = { ejectableUntil: null, sharesFetchedAt: null };

describe("ejectStage", () => {
  it("names an opened window for what it is until the shares are downloaded", () => {
    const opened = { ...base, status: "executed" as const, ejectableUntil: "2026-01-01T10:05:00Z" };
    expect(ejectStage(opened, at("2026-01-01T10:00:00Z"))).toBe("window-open");
    expect(ejectStage(opened, at("2026-01-01T10:06:00Z"))).toBe("window-closed");
    expect(ejectStage({ ...opened, sharesFetchedAt: "2026-01-01T10:01:00Z" }, at("2026-01-01T10:02:00Z"))).toBe(
      "shares-downloaded",
    );
  });

  it("puts each open state at its step, and closed ones at none", () => {
    expect(currentEjectStep(ejectStage({ ...base, status: "pending" }, 0))).toBe(1);
    expect(currentEjectStep(ejectStage({ ...base, status: "approved" }, 0))).toBe(2);
    expect(currentEjectStep(ejectStage({ ...base, status: "expired" }, 0))).toBeUndefined();
    expect(currentEjectStep("shares-downloaded")).toBeUndefined();
  });
});
