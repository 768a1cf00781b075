import "server-only";
import { AppError } from "@/server/errors";
import {
  BadRequestError,
  ConnectionError,
  InvalidRequestError,
  InvalidResponseError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  UpstreamError,
} from "@/server/upstream/errors";

/**
 * Maps anything thrown to an AppError with a message safe to show. Upstream errors keep the
 * upstream's own explanation (already scrubbed of secrets) where it helps the user act on it;
 * anything unknown becomes INTERNAL with a generic message.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof UpstreamError) {
    const ref = error.requestId ? ` (upstream request ${error.requestId})` : "";
    const cause = { cause: error };
    if (error instanceof InvalidRequestError) {
      const fields = Object.fromEntries(error.issues.map((i) => [i.path || "input", i.message]));
      return new AppError("VALIDATION", `Please check the form. ${error.issues[0]?.path ?? "input"}: ${error.issues[0]?.message ?? "not valid"}`, fields, cause);
    }
    if (error instanceof BadRequestError) return new AppError("VALIDATION", `The upstream refused the request: ${error.upstreamMessage ?? "it gave no reason"}.`, undefined, cause);
    if (error instanceof NotFoundError) return new AppError("NOT_FOUND", `The upstream has no such record${ref}.`, undefined, cause);
    if (error instanceof UnauthorizedError) return new AppError("UPSTREAM", `The upstream rejected the console's credentials${ref}. An administrator should check the configured API key.`, undefined, cause);
    if (error instanceof RateLimitedError) return new AppError("RATE_LIMITED", "The upstream is rate limiting the console; try again shortly.", undefined, cause);
    if (error instanceof ConnectionError) return new AppError("UPSTREAM_UNAVAILABLE", "The upstream could not be reached in time; try again.", undefined, cause);
    if (error instanceof InvalidResponseError) return new AppError("UPSTREAM", `The upstream answered in an unexpected shape (field “${error.fieldPath || "body"}”)${ref}.`, undefined, cause);
    return new AppError("UPSTREAM", `The upstream reported an error${error.status ? ` (${error.status})` : ""}${ref}.`, undefined, cause);
  }
  return new AppError("INTERNAL", "Something went wrong on the server.", undefined, { cause: error });
}
