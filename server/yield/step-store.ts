import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { tables, type Db } from "@/server/db";
import { JobInterruptedError } from "@/server/jobs";
import type { YieldStepRow } from "./runs-store";

/** The job run driving a yield run, as it was claimed: every write requires that claim to be live. */
export interface Fence {
  jobRunId: string;
  attempt: number;
}

export type StepChanges = Partial<Omit<YieldStepRow, "runId" | "stepIndex" | "signCalls" | "reportCalls">> & {
  signCalls?: number | SQL;
  reportCalls?: number | SQL;
};

/**
 * Updates a step only while this driver still holds the job run (same attempt, lease not lapsed,
 * still running): a driver whose run was taken over or cancelled writes nothing and stops, so two
 * instances never both record (or act on) the same step.
 */
export async function fencedStepUpdate(
  db: Db,
  fence: Fence,
  step: Pick<YieldStepRow, "runId" | "stepIndex">,
  changes: StepChanges,
): Promise<YieldStepRow> {
  const rows = await db
    .update(tables.yieldRunSteps)
    .set(changes)
    .where(
      and(
        eq(tables.yieldRunSteps.runId, step.runId),
        eq(tables.yieldRunSteps.stepIndex, step.stepIndex),
        sql`exists (select 1 from ${tables.jobRuns} where ${tables.jobRuns.id} = ${fence.jobRunId}
          and ${tables.jobRuns.attempts} = ${fence.attempt} and ${tables.jobRuns.status} = 'running'
          and ${tables.jobRuns.leaseExpiresAt} > now())`,
      ),
    )
    .returning();
  const row = rows[0];
  if (!row) throw new JobInterruptedError("lease-lost");
  return row;
}

/** The count columns grow by one in the same statement, whoever else writes the row. */
export const plusOne = (column: "signCalls" | "reportCalls") =>
  sql`${column === "signCalls" ? tables.yieldRunSteps.signCalls : tables.yieldRunSteps.reportCalls} + 1`;
