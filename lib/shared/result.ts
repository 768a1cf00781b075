import type { SessionEndReason } from "../auth/session-end";
import type { RunningRunView } from "../jobs";

/** What every server action returns to the browser: data, or an error that is safe to show. */
export type ErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  /** The request came from a page on another site; refused before anything was done or recorded. */
  | "CROSS_SITE"
  | "VALIDATION"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED"
  /**
   * The person already has as many runs of this kind of job going as one person may (server/jobs):
   * not the upstream's rate limit, so nothing to wait out; finishing or cancelling one frees a place.
   */
  | "TOO_MANY_RUNS"
  | "UPSTREAM"
  | "UPSTREAM_UNAVAILABLE"
  /** The audit record could not be written, so the act was not carried out. */
  | "AUDIT_UNAVAILABLE"
  | "INTERNAL";

export interface ActionError {
  code: ErrorCode;
  message: string;
  /** Per-field messages for forms, keyed by the input's field path ("email", "amount"). */
  fields?: Record<string, string>;
  requestId?: string;
  /** RATE_LIMITED: seconds until trying again may succeed. */
  retryAfterSeconds?: number;
  /** TOO_MANY_RUNS: the person's runs already going, so the page can offer to stop one. */
  runs?: RunningRunView[];
  /** UNAUTHENTICATED: why the session ended, when the server knows. */
  reason?: SessionEndReason;
}

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };

/** One line for a toast: the message, plus the request id so support can find the server log. */
export function describeError(error: ActionError): string {
  return error.requestId ? `${error.message} (request ${error.requestId.slice(0, 8)})` : error.message;
}
