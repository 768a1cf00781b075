import "server-only";
import { notFound } from "@/server/errors";
import { isUpstreamErrorOf } from "./errors";

/**
 * The one way the upstream's not-found becomes a page's: a NOT_FOUND AppError naming `what` (the
 * pages show their not-found screen for it, the routes answer 404); every other error as it was.
 */
export async function orNotFound<T>(read: PromiseLike<T>, what: string): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isUpstreamErrorOf(error, "NotFoundError")) throw notFound(what);
    throw error;
  }
}
