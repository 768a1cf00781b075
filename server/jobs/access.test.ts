import { describe, expect, it, vi } from "vitest";
import type { Role } from "@/lib/auth/permissions";
import type { StaffUser } from "@/server/auth/users";
import { isAppError } from "@/server/errors";
import { accessibleRun } from "./access";
import type { JobRun } from "./types";

/** The runs "in the database", by id (the id is the run's kind). */
vi.mock("./index", () => ({
  getJobRun: async (id: string) => ({ id, kind: id, startedById: "u-ann", status: "running" }) as unknown as JobRun,
}));

/**
 * Who may follow and stop whose job runs. Ann (compliance) started the runs; Cy is another
 * compliance reviewer, Sue is support, Ada an admin.
 */
const ann = { id: "u-ann", role: "compliance" as Role };
const cy = { id: "u-cy", role: "compliance" as Role };
const sue = { id: "u-sue", role: "support" as Role };
const ada = { id: "u-ada", role: "admin" as Role };

const exportRun = { kind: "alerts.export" };
const replayRun = { kind: "alerts.replay-all" };
const scanRun = { kind: "clients.find-address" };

const staff = (user: { id: string; role: Role }): StaffUser => ({
  ...user,
  email: `${user.id}@example.com`,
  name: null,
  mustChangePassword: false,
});

/** "ok", or the refusal's code, when `user` asks for Ann's run of this kind through the route's and the action's check. */
async function outcome(run: { kind: string }, user: { id: string; role: Role }, need: "read" | "cancel") {
  try {
    await accessibleRun(run.kind, staff(user), need);
    return "ok";
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

describe("reading a job run", () => {
  it("an export is its starter's and an admin's only; anyone else finds no such job", async () => {
    expect(await outcome(exportRun, ann, "read")).toBe("ok");
    expect(await outcome(exportRun, ada, "read")).toBe("ok");
    // Cy may export too, but Ann's export (its manifest says what she exported) is not his to see.
    expect(await outcome(exportRun, cy, "read")).toBe("NOT_FOUND");
    expect(await outcome(exportRun, sue, "read")).toBe("FORBIDDEN");
  });

  it("a replay-all run is shared by everyone who may replay (starting the same filters joins it)", async () => {
    expect(await outcome(replayRun, ann, "read")).toBe("ok");
    expect(await outcome(replayRun, cy, "read")).toBe("ok");
    expect(await outcome(replayRun, ada, "read")).toBe("ok");
    expect(await outcome(replayRun, sue, "read")).toBe("FORBIDDEN");
  });

  it("an address scan is shared by everyone who reads clients (searching the same address joins it)", async () => {
    expect(await outcome(scanRun, sue, "read")).toBe("ok");
    expect(await outcome(scanRun, { id: "u-dev", role: "developer" }, "read")).toBe("ok");
  });

  it("a run of a kind the console does not declare reads as absent", async () => {
    expect(await outcome({ kind: "test.unknown" }, ada, "read")).toBe("NOT_FOUND");
  });
});

describe("cancelling a job run", () => {
  it("only its starter or an admin may cancel it, even a run others may follow", async () => {
    for (const run of [exportRun, replayRun, scanRun]) {
      expect(await outcome(run, ann, "cancel"), run.kind).toBe("ok");
      expect(await outcome(run, ada, "cancel"), run.kind).toBe("ok");
    }
    expect(await outcome(replayRun, cy, "cancel")).toBe("FORBIDDEN");
    expect(await outcome(scanRun, sue, "cancel")).toBe("FORBIDDEN");
    // Someone who may not read the run learns nothing more by trying to cancel it.
    expect(await outcome(exportRun, cy, "cancel")).toBe("NOT_FOUND");
    expect(await outcome(replayRun, sue, "cancel")).toBe("FORBIDDEN");
  });

  it("says why the starter's colleague is refused", async () => {
    await expect(accessibleRun(replayRun.kind, staff(cy), "cancel")).rejects.toThrow(
      "Only the person who started this job, or an admin, can cancel it.",
    );
  });
});
