import "server-only";
import { sessionEndMessage, type SessionEndReason } from "@/lib/auth/session-end";
import type { RunningRunView } from "@/lib/jobs";
import type { ErrorCode } from "@/lib/shared/result";

/**
 * An error with a message written for the user. Anything else that escapes an action is logged in
 * full and shown only as a generic message with the request id.
 */
const BRAND = Symbol.for("custodian-console.app-error");

/** Who a refusal was for, when a session named them (the refusal's record names them too). */
export interface RefusedPerson {
  id: string;
  email: string;
  role: string;
}

export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    readonly userMessage: string,
    readonly fields?: Record<string, string>,
    options?: {
      cause?: unknown;
      retryAfterSeconds?: number;
      runs?: RunningRunView[];
      person?: RefusedPerson;
      reason?: SessionEndReason;
    },
  ) {
    super(userMessage, options?.cause === undefined ? undefined : { cause: options.cause });
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.runs = options?.runs;
    this.reason = options?.reason;
    this.person = options?.person && { id: options.person.id, email: options.person.email, role: options.person.role };
    Object.defineProperty(this, BRAND, { value: true });
  }
  /** RATE_LIMITED: when trying again may succeed (sent as Retry-After and in the error body). */
  readonly retryAfterSeconds: number | undefined;
  /** TOO_MANY_RUNS: the person's runs already going (the message names them too). */
  readonly runs: RunningRunView[] | undefined;
  /** UNAUTHENTICATED: why the session ended, when the server knows (sent in the error body). */
  readonly reason: SessionEndReason | undefined;
  /** A refusal by authorize: the signed-in person it refused (never sent to the browser). */
  readonly person: RefusedPerson | undefined;
}

/** `instanceof AppError` that also holds across Next's per-layer copies of this module. */
export function isAppError(error: unknown): error is AppError {
  return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}

export const unauthenticated = (reason?: SessionEndReason | null) =>
  reason
    ? new AppError("UNAUTHENTICATED", `${sessionEndMessage(reason)} Sign in again.`, undefined, { reason })
    : new AppError("UNAUTHENTICATED", "Your session has ended. Sign in again.");
export const forbidden = (what: string, person?: RefusedPerson) =>
  new AppError("FORBIDDEN", `Your role does not allow ${what}.`, undefined, { person });
export const crossSite = () =>
  new AppError(
    "CROSS_SITE",
    "This request came from another site and was refused. Open the console directly and try again.",
  );
export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} was not found.`);
export const conflict = (message: string) => new AppError("CONFLICT", message);
/** A budget or throttle refusing until `until`: the caller may try again after that many whole seconds (at least 1). */
export const rateLimitedUntil = (message: string, until: Date, now = new Date()) =>
  new AppError("RATE_LIMITED", message, undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
  });
export const auditUnavailable = (cause: unknown) =>
  new AppError(
    "AUDIT_UNAVAILABLE",
    (cause as { name?: unknown } | null)?.name === "AuditTamperedError"
      ? "Nothing was done: the audit log was found damaged, and the console records (and so does) nothing more until an operator acknowledges it. An administrator sees what broke under Audit › Verify chain."
      : "Nothing was done: the audit log could not record this action. Try again; if it keeps failing, tell an administrator.",
    undefined,
    { cause },
  );

export const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_SITE: 403,
  VALIDATION: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  // Too many requests of the person's own, not the upstream's: no Retry-After, a run must end first.
  TOO_MANY_RUNS: 429,
  UPSTREAM: 502,
  UPSTREAM_UNAVAILABLE: 503,
  AUDIT_UNAVAILABLE: 503,
  INTERNAL: 500,
};
