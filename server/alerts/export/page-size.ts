import "server-only";
import { isUpstreamErrorOf } from "@/server/upstream/errors";

/**
 * The largest page the upstream takes. The spec shows no maximum for the events list; the console
 * tries 1000 and, after a 400 that is about the limit, uses 100 (the spec's default) for this
 * upstream from then on, in this process (and in the run's checkpoint).
 */
const refused = ((globalThis as { consoleRefusedPageSizes?: Map<string, number> }).consoleRefusedPageSizes ??=
  new Map());

export function pageSizeFor(upstream: string, preferred: number, fallback: number): number {
  const limit = refused.get(upstream);
  return limit !== undefined && limit <= preferred ? fallback : preferred;
}

export function rememberRefusedPageSize(upstream: string, size: number): void {
  const known = refused.get(upstream);
  if (known === undefined || size < known) refused.set(upstream, size);
}

/** A 400 whose message is about the page size (`limit`), as opposed to any other bad input. */
export function isPageSizeRefusal(error: unknown): boolean {
  if (!isUpstreamErrorOf(error, "BadRequestError")) return false;
  return /\blimit\b/i.test(error.upstreamMessage ?? "");
}
