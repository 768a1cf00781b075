import "server-only";
import { AppError } from "@/server/errors";

/**
 * Maps anything thrown to an AppError with a message safe to show. Upstream client errors carry
 * their own safe message and kind; anything unknown becomes INTERNAL with a generic message.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const upstream = error as { name?: string; status?: number; safeMessage?: string; kind?: string } | null;
  if (upstream && typeof upstream === "object" && typeof upstream.name === "string" && upstream.name.startsWith("Upstream")) {
    const message = upstream.safeMessage ?? "The upstream service reported an error.";
    switch (upstream.kind) {
      case "bad_request":
        return new AppError("VALIDATION", message, undefined, { cause: error });
      case "not_found":
        return new AppError("NOT_FOUND", message, undefined, { cause: error });
      case "rate_limited":
        return new AppError("RATE_LIMITED", "The upstream service is rate limiting the console; try again shortly.", undefined, { cause: error });
      case "connection":
      case "timeout":
        return new AppError("UPSTREAM_UNAVAILABLE", "The upstream service could not be reached; try again.", undefined, { cause: error });
      default:
        return new AppError("UPSTREAM", message, undefined, { cause: error });
    }
  }
  return new AppError("INTERNAL", "Something went wrong on the server.", undefined, { cause: error });
}
