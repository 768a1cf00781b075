import { describe, expect, it } from "vitest";
import { ejectIneligibility } from "./eligibility";

const env = (backupWithPortalEnabled?: boolean) => ({
  environment: {
    id: "cenv1",
    name: "Production",
    ...(backupWithPortalEnabled === undefined ? {} : { backupWithPortalEnabled }),
  },
});
const backedUp = { backupSharePairs: [{ id: "b1", createdAt: "2026-01-01T00:00:00Z", status: "completed" }] } as never;
const never = { backupSharePairs: [] };
const started = { backupSharePairs: [{ id: "b1", createdAt: "2026-01-01T00:00:00Z", status: "incomplete" }] } as never;

describe("ejectIneligibility (the request form and the server)", () => {
  it("refuses every wallet of a custodian without managed backups, naming the environment", () => {
    expect(ejectIneligibility(env(false), backedUp, undefined)).toMatchObject({
      code: "VALIDATION",
      message: expect.stringContaining("environment (Production) does not use managed backups"),
    });
  });

  it("refuses a wallet whose shares were handed out, with when", () => {
    expect(ejectIneligibility(env(true), backedUp, "2026-03-01T10:05:30Z")).toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("already handed out (2026-03-01 10:05 UTC)"),
    });
  });

  it("refuses a wallet without a completed backup, saying whether a backup was started", () => {
    expect(ejectIneligibility(env(true), never, undefined)?.message).toContain("never backed it up");
    expect(ejectIneligibility(env(true), started, undefined)?.message).toContain("did not complete it");
  });

  it("lets a backed-up wallet through, also when the record does not say whether backups are managed", () => {
    expect(ejectIneligibility(env(true), backedUp, undefined)).toBeUndefined();
    expect(ejectIneligibility(env(), backedUp, undefined)).toBeUndefined();
  });
});
