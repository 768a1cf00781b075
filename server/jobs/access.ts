import "server-only";
import { can } from "@/lib/auth/permissions";
import { isJobKind, JOB_ACCESS } from "@/lib/jobs";
import { describePermission } from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";
import { AppError, forbidden, notFound } from "@/server/errors";
import type { JobRun } from "./types";
import { getJobRun } from "./index";

/**
 * Whether this user may follow (`read`) or stop (`cancel`) this run, by the rules of its kind in
 * JOB_ACCESS: the kind's permission first; a run its starter alone may read is absent to anyone else
 * but an admin (it does not even say whose it is); and only the starter or an admin may cancel.
 * Throws the refusal; returns nothing when allowed.
 */
export function checkRunAccess(
  run: Pick<JobRun, "kind" | "startedById">,
  user: Pick<StaffUser, "id" | "role">,
  need: "read" | "cancel",
): void {
  if (!isJobKind(run.kind)) throw notFound("That job");
  const rule = JOB_ACCESS[run.kind];
  if (!can(user.role, rule.permission)) throw forbidden(describePermission(rule.permission));
  const own = run.startedById === user.id || user.role === "admin";
  if (rule.readers === "starter" && !own) throw notFound("That job");
  if (need === "cancel" && !own)
    throw new AppError("FORBIDDEN", "Only the person who started this job, or an admin, can cancel it.");
}

/** The run, if this user may follow (or stop) it; a run of an unknown kind reads as absent. */
export async function accessibleRun(runId: string, user: StaffUser, need: "read" | "cancel"): Promise<JobRun> {
  const run = await getJobRun(runId);
  if (!run) throw notFound("That job");
  checkRunAccess(run, user, need);
  return run;
}
