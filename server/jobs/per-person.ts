import "server-only";
import type { RunningRunView } from "@/lib/jobs";
import { utc } from "@/lib/shared/format";
import { AppError } from "@/server/errors";
import { logger } from "@/server/log";
import type { JobDefinition, JobRun, PerPersonLimit, RunLabel } from "./types";

/**
 * The refusal of a start over the person's limit for its kind: TOO_MANY_RUNS, with a message that
 * names the runs holding the places in words (what each is and how far it got) and the same runs as
 * data, so the page can offer to stop one.
 */
export async function tooManyRuns(definition: JobDefinition, limit: PerPersonLimit<unknown>, runs: JobRun[]) {
  const views = await Promise.all(runs.map((run) => runningRunView(definition, limit, run)));
  const [one, many] = limit.noun;
  const list = views.map((v) => `${v.label} (${v.progress})`).join("; ");
  const message =
    `You already have ${views.length} ${views.length === 1 ? one : many} going, ` +
    `and one person may have ${limit.max} at a time: ${list}. ` +
    `Wait for one to finish or ${limit.stopVerb ?? "cancel"} one, then start again.`;
  return new AppError("TOO_MANY_RUNS", message, undefined, { runs: views });
}

async function runningRunView(
  definition: JobDefinition,
  limit: PerPersonLimit<unknown>,
  run: JobRun,
): Promise<RunningRunView> {
  const label = await labelOf(definition, limit, run);
  return {
    id: run.id,
    kind: run.kind,
    label: label.text,
    progress: progressOf(run),
    ...(label.href ? { href: label.href } : {}),
  };
}

async function labelOf(definition: JobDefinition, limit: PerPersonLimit<unknown>, run: JobRun): Promise<RunLabel> {
  const fallback = { text: `a ${limit.noun[0]} started ${utc(run.createdAt.toISOString())}` };
  // Stored by an older version, or a describe that fails: the refusal still names the run.
  const params = definition.params.safeParse(run.params);
  if (!params.success) return fallback;
  try {
    return await limit.describe(params.data);
  } catch (error) {
    logger.warn({ err: error, kind: run.kind, runId: run.id }, "could not describe a job run");
    return fallback;
  }
}

/** How far a run got, from what its driver last wrote. */
export function progressOf(run: Pick<JobRun, "status" | "progressDone" | "progressTotal">): string {
  if (run.status === "queued") return "waiting to start";
  if (run.progressTotal !== null && run.progressTotal > 0)
    return `${Math.min(100, Math.floor((run.progressDone * 100) / run.progressTotal))} %`;
  return run.progressDone > 0 ? `${run.progressDone.toLocaleString("en")} done` : "running";
}
