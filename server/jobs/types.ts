import "server-only";
import { z } from "zod";
import type { jobRuns } from "@/server/db/schema";

export type JobRun = typeof jobRuns.$inferSelect;

/** Who started (or cancelled) a run: the signed-in staff member, or a system actor. */
export const jobActorSchema = z.object({ id: z.string().min(1).max(200), email: z.string().min(1).max(320) });
export type JobActor = z.infer<typeof jobActorSchema>;

/** Counts a job reports; the framework derives the rate and the time left from them. */
export interface ProgressReport {
  done: number;
  /** Omit while unknown (an export before its count query returned). */
  total?: number | null;
  /** A short line for the progress bar ("Fetching page 12"); never a secret. */
  message?: string | null;
}

export interface JobContext<P, C> {
  readonly runId: string;
  readonly params: P;
  /** The last saved checkpoint: undefined on a run's first start, otherwise where to resume. */
  readonly checkpoint: C | undefined;
  /** 1 on the first start; grows with every retry and takeover. */
  readonly attempt: number;
  /** Aborts when the run is cancelled, its lease is lost, or the instance shuts down. Check it often. */
  readonly signal: AbortSignal;
  /** Cheap: buffered and written with the next heartbeat, so it may be called for every row. */
  progress(report: ProgressReport): void;
  /**
   * Saves where to resume, together with the progress it stands for, in one write. Throws
   * JobInterruptedError (and writes nothing) when this run no longer belongs to this driver.
   */
  saveCheckpoint(state: C, report?: ProgressReport): Promise<void>;
}

/** One run in a few words, for a refusal that names it: "the address 0x12ab…9f3c"; never a secret. */
export interface RunLabel {
  text: string;
  /** The run's own page, for a kind that is stopped there rather than by Cancel. */
  href?: string;
}

/**
 * How many runs of a kind one person may have queued or running at once. Runs share the upstream's
 * budget and each instance's workers with everyone, so one person must not be able to queue
 * hundreds; admins are no exception.
 */
export interface PerPersonLimit<P> {
  max: number;
  /** What a run is called in the refusal, one and several: ["address search", "address searches"]. */
  noun: readonly [string, string];
  /** How the person stops one (default "cancel"): the refusal ends "wait for one to finish or <verb> one". */
  stopVerb?: string;
  /** One run in a few words, from its stored parameters (they passed the kind's schema). */
  describe(params: P): RunLabel | Promise<RunLabel>;
}

export interface JobSpec<P extends z.ZodType, C extends z.ZodType, R> {
  /** Stable name, stored on every run: lower-case words joined by "-" or ".", e.g. "alerts.export". */
  kind: string;
  params: P;
  /** Validates a saved checkpoint before a resumed run sees it (code may change between deploys). */
  checkpoint?: C;
  /** Starts allowed after errors before the run fails (default 3). A JobError without `retry` fails at once. */
  maxAttempts?: number;
  /** Wait before a retry after an error (default 5). */
  retryDelaySeconds?: number;
  /** Runs of this kind one instance drives at once (default 1). */
  concurrency?: number;
  /**
   * At most this many runs queued or running per person; above it startJob refuses with
   * TOO_MANY_RUNS naming them. Joining a singleton run is never refused. Default: no limit.
   */
  perPersonLimit?: PerPersonLimit<z.output<P>>;
  /** The result is stored as JSON on the run. */
  run(ctx: JobContext<z.output<P>, z.output<C>>): Promise<R>;
}

export interface JobDefinition<P extends z.ZodType = z.ZodType, C extends z.ZodType = z.ZodType, R = unknown> {
  readonly kind: string;
  readonly params: P;
  readonly checkpoint: C | undefined;
  readonly maxAttempts: number;
  readonly retryDelaySeconds: number;
  readonly concurrency: number;
  readonly perPersonLimit: PerPersonLimit<z.output<P>> | undefined;
  run(ctx: JobContext<z.output<P>, z.output<C>>): Promise<R>;
}
