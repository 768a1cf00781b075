import "server-only";
import type { YieldRunView } from "@/lib/yield/runs";
import type { StaffUser } from "@/server/auth/users";
import { getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import { cancelJob, startJob } from "@/server/jobs";
import { requireTestClient } from "@/server/lab/test-clients";
import { yieldRunJob } from "./run-job";
import { getRunRow, getRunView, setRunStatus } from "./runs-store";

const actorOf = (user: StaffUser) => ({ id: user.id, email: user.email, role: user.role });

async function drive(user: StaffUser, runId: string, from: "preview" | "failed"): Promise<YieldRunView> {
  const db = await getDb();
  const run = await getRunRow(db, runId);
  await requireTestClient(db, run.clientId);
  if (run.status !== from)
    throw new AppError(
      "CONFLICT",
      from === "preview"
        ? `This run is ${run.status}: only a preview can be started.`
        : `This run is ${run.status}: only a failed run can be retried.`,
    );
  if (!(await setRunStatus(db, run.id, [from], "running", { error: null })))
    throw new AppError("CONFLICT", "Someone else changed this run at the same moment; look at it again.");
  try {
    const { run: job } = await startJob(
      yieldRunJob,
      { yieldRunId: run.id, actor: actorOf(user) },
      { startedBy: { id: user.id, email: user.email }, singletonKey: run.id },
    );
    await setRunStatus(db, run.id, ["running"], "running", { jobRunId: job.id });
  } catch (error) {
    await setRunStatus(db, run.id, ["running"], from);
    throw error;
  }
  return getRunView(db, run.id);
}

/** Starts a previewed run: from here a job on the server signs, reports and confirms its steps. */
export const startRun = (user: StaffUser, runId: string) => drive(user, runId, "preview");

/** Starts a failed run again; each step resumes at the part that failed (sign, report or confirm). */
export const retryRun = (user: StaffUser, runId: string) => drive(user, runId, "failed");

/**
 * Gives a run up: a preview or a failed run at once, a running one by cancelling its job (the step
 * in flight finishes its call; nothing after it is signed). What was confirmed stays on chain.
 */
export async function abandonRun(user: StaffUser, runId: string, reason?: string): Promise<YieldRunView> {
  const db = await getDb();
  const run = await getRunRow(db, runId);
  const why = reason ? `Abandoned by ${user.email}: ${reason}` : undefined;
  if (
    !(await setRunStatus(db, run.id, ["preview", "running", "failed"], "abandoned", why ? { error: why } : undefined))
  )
    throw new AppError("CONFLICT", `This run is ${run.status}: there is nothing to abandon.`);
  if (run.jobRunId) await cancelJob(run.jobRunId, { id: user.id, email: user.email }).catch(() => undefined);
  return getRunView(db, run.id);
}
