import "server-only";
import { AppError, isAppError } from "@/server/errors";
import {
  isUpstreamError,
  type InvalidRequestError,
  type InvalidResponseError,
  type RateLimitedError,
} from "@/server/upstream/errors";

/**
 * Maps anything thrown to an AppError with a message safe to show. Upstream errors keep the
 * upstream's own explanation (already scrubbed of secrets) where it helps the user act on it;
 * anything unknown becomes INTERNAL with a generic message.
 */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (isUpstreamError(error)) {
    const ref = error.requestId ? ` (upstream request ${error.requestId})` : "";
    const cause = { cause: error };
    // By name, not instanceof: Next may hold two copies of the error classes (see isUpstreamError).
    switch (error.name) {
      case "InvalidRequestError": {
        const issues = (error as InvalidRequestError).issues;
        const fields = Object.fromEntries(issues.map((i) => [i.path || "input", i.message]));
        return new AppError(
          "VALIDATION",
          `Please check the form. ${issues[0]?.path ?? "input"}: ${issues[0]?.message ?? "not valid"}`,
          fields,
          cause,
        );
      }
      case "BadRequestError":
        return new AppError(
          "VALIDATION",
          `The upstream refused the request: ${error.upstreamMessage ?? "it gave no reason"}.`,
          undefined,
          cause,
        );
      case "NotFoundError":
        return new AppError("NOT_FOUND", `The upstream has no such record${ref}.`, undefined, cause);
      case "UnauthorizedError":
        return new AppError(
          "UPSTREAM",
          `The upstream rejected the console's credentials${ref}. An administrator should check the configured API key.`,
          undefined,
          cause,
        );
      case "RateLimitedError": {
        const { retryAfterMs, limit } = error as RateLimitedError;
        const seconds = retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(retryAfterMs / 1000));
        const message =
          limit !== undefined && seconds !== undefined
            ? `The upstream's limit of ${limit} requests a minute is used up; try again in ${seconds} s.`
            : seconds !== undefined
              ? `The upstream is rate limiting the console; try again in ${seconds} s.`
              : "The upstream is rate limiting the console; try again shortly.";
        return new AppError("RATE_LIMITED", message, undefined, { ...cause, retryAfterSeconds: seconds });
      }
      case "ConnectionError":
      case "TimeoutError":
        return new AppError(
          "UPSTREAM_UNAVAILABLE",
          "The upstream could not be reached in time; try again.",
          undefined,
          cause,
        );
      case "InvalidResponseError":
        return new AppError(
          "UPSTREAM",
          `The upstream answered in an unexpected shape (field “${(error as InvalidResponseError).fieldPath || "body"}”)${ref}.`,
          undefined,
          cause,
        );
      default:
        return new AppError(
          "UPSTREAM",
          `The upstream reported an error${error.status ? ` (${error.status})` : ""}${ref}.`,
          undefined,
          cause,
        );
    }
  }
  return new AppError("INTERNAL", "Something went wrong on the server.", undefined, { cause: error });
}
