import "server-only";
import type { FiltersRecord, ValidFilters } from "@/lib/alerts/filters";

/**
 * The instants an export or a replay-all covers, as half-open millisecond ranges, and the upstream
 * queries for them. The spec does not say whether `since`/`until` are inclusive, so a query for a
 * range asks for a second more on each side and the caller keeps only rows whose createdAt falls
 * in the range: correct whichever way the upstream reads them.
 */

export interface MsRange {
  /** Inclusive; null: from the first event there is. */
  fromMs: number | null;
  /** Exclusive. */
  untilMs: number;
}

/** The filters' own end: "To" is inclusive to the minute, so the end is "To" + 60 s, exclusive. */
export function filtersEndMs(filters: Pick<ValidFilters, "to">): number | undefined {
  return filters.to ? Math.floor(filters.to.getTime() / 1000) * 1000 + 60_000 : undefined;
}

/**
 * The end of the range, pinned when the work starts: the filters' end, or the start time rounded
 * down to the second when that is earlier. Events arriving afterwards are outside the set.
 */
export function pinnedUntil(filters: Pick<ValidFilters, "to">, now: Date): Date {
  const nowSecond = Math.floor(now.getTime() / 1000) * 1000;
  const end = filtersEndMs(filters);
  return new Date(end === undefined ? nowSecond : Math.min(end, nowSecond));
}

/**
 * A `since` for the upstream, in seconds, rounded down to a whole minute: the events page's "From"
 * (minute precision) then names exactly the window a figure was counted over.
 */
export function sinceMinute(ms: number): number {
  return Math.floor(ms / 60_000) * 60;
}

export function rangeOf(filters: FiltersRecord, until: string): MsRange {
  return { fromMs: filters.from ? Date.parse(filters.from) : null, untilMs: Date.parse(until) };
}

/** since/until for [fromMs, untilMs) widened by a second on each side (Unix seconds). */
export function widenedBounds(range: MsRange): { since?: string; until: string } {
  return {
    ...(range.fromMs === null ? {} : { since: String(Math.max(0, Math.floor(range.fromMs / 1000) - 1)) }),
    until: String(Math.ceil(range.untilMs / 1000) + 1),
  };
}

/** since/until for a range whose ends are whole seconds, as the spec's filter reads them (counts). */
export function exactBounds(range: MsRange): { since?: string; until: string } {
  return {
    ...(range.fromMs === null ? {} : { since: String(Math.floor(range.fromMs / 1000)) }),
    until: String(Math.ceil(range.untilMs / 1000)),
  };
}
