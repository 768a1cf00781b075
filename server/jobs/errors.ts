import "server-only";
import { isAppError } from "@/server/errors";

const BRAND = Symbol.for("custodian-console.job-error");

/**
 * A failure a job explains to the person who started it ("The export filter matches no events").
 * Its message is stored on the run and shown; any other exception is stored as a generic message
 * and logged in full, because raw exception text can carry secrets.
 */
export class JobError extends Error {
  override name = "JobError";
  /** Whether another attempt could succeed (an upstream outage) or not (a bad filter). */
  readonly retry: boolean;
  constructor(userMessage: string, options?: { retry?: boolean; cause?: unknown }) {
    super(userMessage, { cause: options?.cause });
    this.retry = options?.retry ?? false;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/** `instanceof JobError` that also holds across Next's per-layer copies of this module. */
export function isJobError(error: unknown): error is JobError {
  return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}

export const GENERIC_FAILURE = "The job failed unexpectedly. The server log has the details.";
export const INTERRUPTED_TOO_OFTEN = "The job stopped responding too many times and was given up.";
export const UNREADABLE_CHECKPOINT = "The job's saved progress could not be read; start the job again.";

/** What a failed run shows: a job's or an action's own message, otherwise a generic one. */
export function safeFailureMessage(error: unknown): string {
  if (isJobError(error)) return error.message;
  if (isAppError(error)) return error.userMessage;
  return GENERIC_FAILURE;
}

/** Why a driver's signal aborted. */
export type InterruptReason = "cancelled" | "lease-lost" | "shutdown";

/**
 * Thrown into a job that writes after its run was taken from it (cancel, lost lease, shutdown):
 * the write did not happen, and the job should stop.
 */
export class JobInterruptedError extends Error {
  override name = "JobInterruptedError";
  constructor(readonly reason: InterruptReason) {
    super(`job run interrupted: ${reason}`);
  }
}
