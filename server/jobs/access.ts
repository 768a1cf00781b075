import "server-only";
import { can } from "@/lib/permissions";
import { isJobKind, JOB_ACCESS } from "@/lib/jobs";
import type { StaffUser } from "@/server/auth/users";
import { describePermission } from "@/server/auth/session";
import { forbidden, notFound } from "@/server/errors";
import { getJobRun } from "./index";
import type { JobRun } from "./types";

/** The run, if this user's role may follow (or stop) runs of its kind; a run of another kind reads as absent. */
export async function accessibleRun(runId: string, user: StaffUser, need: "read" | "cancel"): Promise<JobRun> {
  const run = await getJobRun(runId);
  if (!run || !isJobKind(run.kind)) throw notFound("That job");
  const permission = JOB_ACCESS[run.kind][need];
  if (!can(user.role, permission)) throw forbidden(describePermission(permission));
  return run;
}
