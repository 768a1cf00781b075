import "server-only";
import type { JobRunView } from "@/lib/jobs";
import type { JobRun } from "./types";

/** A run as the browser may see it: progress and outcome, never the params or the checkpoint. */
export function toJobRunView<R>(run: JobRun): JobRunView<R> {
  return {
    id: run.id,
    kind: run.kind,
    status: run.status,
    done: run.progressDone,
    total: run.progressTotal,
    ratePerSecond: run.ratePerSecond,
    etaSeconds: run.etaSeconds,
    message: run.message,
    error: run.error,
    result: (run.result as R | null) ?? null,
    startedByEmail: run.startedByEmail,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    cancelRequested: run.cancelRequestedAt !== null,
  };
}
