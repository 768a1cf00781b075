/**
 * The filters of a webhook's events, as they live in the URL (parsers and loader: ./search-params.ts):
 * one validation that explains each bad value inline and
 * turns a valid set into the upstream's query (which never sees an invalid value). No zod here: the
 * events page runs this in the browser (the record's schema is in ./filters-record).
 */
import { isCaip2 } from "@/lib/chains";
import type { ALERT_EVENT_TYPES } from "@/lib/contracts/alert-values";
import type { DeliveryStatus, ListAlertEventsQuery } from "@/lib/contracts/alerts";
import { isZone, UTC, wallTime } from "@/lib/shared/time-zone";
import { expandBlockRanges } from "./blocks";
import type { FiltersRecord } from "./filters-record";
import { EVENT_PAGE_SIZES } from "./search-params";
import { DEFAULT_TEST_MODE, type TestMode } from "./test-activity";

export type { FiltersRecord } from "./filters-record";

export interface EventFilterState {
  type: (typeof ALERT_EVENT_TYPES)[number];
  status: DeliveryStatus[];
  from: string | null;
  to: string | null;
  tz: string;
  hash: string | null;
  blocks: string | null;
  chains: string[];
  limit: number;
  test: TestMode;
}

export type FilterErrors = Partial<Record<keyof EventFilterState, string>>;

export interface ValidFilters {
  type: (typeof ALERT_EVENT_TYPES)[number];
  statuses: DeliveryStatus[];
  /** Inclusive start, as an instant. */
  from?: Date;
  /** Inclusive to the minute: events up to `to` + 59.999 s. */
  to?: Date;
  tz: string;
  hash?: string;
  blocks?: number[];
  chains: string[];
  limit: number;
  /** What to do with test activity; the upstream never sees it (the console marks the events). */
  test: TestMode;
}

const instant = (value: string) => {
  const d = new Date(value);
  return /^\d{4}-\d\d-\d\dT/.test(value) && !Number.isNaN(d.getTime()) ? d : undefined;
};

/** Checks every value of the URL state; a valid set comes back with the messages empty. */
export function validateEventFilters(state: EventFilterState): { filters?: ValidFilters; errors: FilterErrors } {
  const errors: FilterErrors = {};
  const tz = isZone(state.tz) ? state.tz : ((errors.tz = `“${state.tz.slice(0, 40)}” is not a time zone`), UTC);
  const from = state.from ? instant(state.from) : undefined;
  if (state.from && !from) errors.from = "Not a date and time";
  const to = state.to ? instant(state.to) : undefined;
  if (state.to && !to) errors.to = "Not a date and time";
  if (from && to && from > to) errors.to = "“To” is before “From”";
  const hash = state.hash?.trim() || undefined;
  if (hash && !/^0x[0-9a-fA-F]{64}$/.test(hash)) errors.hash = "A transaction hash is 0x followed by 64 hex digits";
  let blocks: number[] | undefined;
  if (state.blocks?.trim()) {
    const expanded = expandBlockRanges(state.blocks);
    if (expanded.ok) blocks = expanded.blocks;
    else errors.blocks = expanded.message;
  }
  const bad = state.chains.find((c) => !isCaip2(c));
  if (bad) errors.chains = `“${bad.slice(0, 40)}” is not a CAIP-2 chain id`;
  if (!(EVENT_PAGE_SIZES as readonly number[]).includes(state.limit))
    errors.limit = `Page size is one of ${EVENT_PAGE_SIZES.join(", ")}`;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    filters: {
      type: state.type,
      statuses: [...new Set(state.status)],
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      tz,
      ...(hash ? { hash: hash.toLowerCase() } : {}),
      ...(blocks ? { blocks } : {}),
      chains: [...new Set(state.chains)],
      limit: state.limit,
      test: state.test,
    },
  };
}

/** What the filters select, as the checked filters and their JSON record both hold it. */
type Selection = Pick<ValidFilters & FiltersRecord, "type" | "statuses" | "hash" | "blocks" | "chains">;

/**
 * The upstream's query for what the filters select, without time bounds, page size or cursor: the
 * one shape every caller starts from. The events page adds the filters' own bounds
 * (upstreamEventQuery); an export or a replay-all adds the bounds of the range it pinned.
 */
export function selectionQuery(filters: Selection): Omit<ListAlertEventsQuery, "cursor" | "since" | "until" | "limit"> {
  return {
    eventTypes: filters.type,
    ...(filters.statuses.length > 0 ? { deliveryStatuses: filters.statuses.join(",") } : {}),
    ...(filters.hash ? { transactionHash: filters.hash } : {}),
    ...(filters.blocks ? { blockNumbers: filters.blocks.join(",") } : {}),
    ...(filters.chains.length > 0 ? { chainIds: filters.chains.join(",") } : {}),
  };
}

/**
 * The events page's query for the filters (without a cursor): the selection, the page size, and the
 * bounds in Unix seconds, `since` inclusive and `until` one minute after "To" (inclusive to the minute).
 */
export function upstreamEventQuery(filters: ValidFilters): Omit<ListAlertEventsQuery, "cursor"> {
  return {
    ...selectionQuery(filters),
    ...(filters.from ? { since: String(Math.floor(filters.from.getTime() / 1000)) } : {}),
    ...(filters.to ? { until: String(Math.floor(filters.to.getTime() / 1000) + 60) } : {}),
    limit: String(filters.limit),
  };
}

/** The checked filters as the JSON record a job, a manifest and an audit record keep. */
export function filtersRecord(filters: ValidFilters): FiltersRecord {
  return {
    type: filters.type,
    statuses: filters.statuses,
    ...(filters.from ? { from: filters.from.toISOString() } : {}),
    ...(filters.to ? { to: filters.to.toISOString() } : {}),
    tz: filters.tz,
    ...(filters.hash ? { hash: filters.hash } : {}),
    ...(filters.blocks ? { blocks: filters.blocks } : {}),
    chains: filters.chains,
    // Absent means include: records written before the switch existed read as they were meant.
    ...(filters.test !== DEFAULT_TEST_MODE ? { test: filters.test } : {}),
  };
}

/** The filters in a few words, for a list of exports or runs: "status failed · 2 chains · from 2026-11-01 09:00 · UTC". */
export function describeFilters(record: FiltersRecord): string {
  const parts = [record.statuses.length > 0 ? `status ${record.statuses.join(" or ")}` : "every status"];
  if (record.chains.length === 1) parts.push(record.chains[0] as string);
  else if (record.chains.length > 1) parts.push(`${record.chains.length} chains`);
  if (record.from) parts.push(`from ${wallTime(record.from, record.tz)}`);
  if (record.to) parts.push(`to ${wallTime(record.to, record.tz)}`);
  if (record.from || record.to) parts.push(record.tz);
  if (record.hash) parts.push(`hash ${record.hash.slice(0, 10)}…`);
  if (record.blocks) parts.push(`${record.blocks.length} block${record.blocks.length === 1 ? "" : "s"}`);
  if (record.test === "exclude") parts.push("test activity left out");
  if (record.test === "only") parts.push("test activity only");
  return parts.join(" · ");
}
