/**
 * The audit log's filters in plain TypeScript: the one rule for what a filter may be, read by the
 * browser (the audit page reads its URL with it, without loading zod) and by the server, whose zod
 * schema (./index.ts, auditFiltersSchema) is built field by field from these readers, so both sides
 * refuse the same input with the same words. Also here, for the same reason: what the page needs at
 * first load (the action filter's matching rule, the page size, the record id check).
 */
import { checkCaseRef } from "../cases/case-ref";
import {
  BROKEN_CHARACTER_MESSAGE,
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacters,
  isWellFormedText,
} from "../shared/text-rules";
import { KNOWN_AUDIT_ACTIONS } from "./catalog";
import { floorToMinute } from "./time";

export const AUDIT_OUTCOMES = ["intent", "ok", "error"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export interface AuditFilters {
  actor?: string | undefined;
  action?: string | undefined;
  outcome?: AuditOutcome | undefined;
  /** One error code; implies the outcome "error". */
  errorCode?: string | undefined;
  /** A case reference (lib/cases/case-ref.ts), normalized as records keep it. */
  case?: string | undefined;
  /** ISO instants, cut to the start of their minute. */
  from?: string | undefined;
  to?: string | undefined;
}
export type AuditFilterKey = keyof AuditFilters;
export const AUDIT_FILTER_KEYS = [
  "actor",
  "action",
  "outcome",
  "errorCode",
  "case",
  "from",
  "to",
] as const satisfies readonly AuditFilterKey[];

export type FieldRead<T> = { ok: true; value: T } | { ok: false; message: string };

export const FILTER_TEXT_MAX = 200;
export const ERROR_CODE_MESSAGE = "expected an error code such as INVALID_CREDENTIALS";
export const OUTCOME_MESSAGE = `expected one of ${AUDIT_OUTCOMES.join(", ")}`;
export const MINUTE_MESSAGE = "expected a date and time such as 2026-11-21T09:30:00Z";
export const REVERSED_MESSAGE = "“From” must not be after “To”";
export const CODE_WITHOUT_ERROR_MESSAGE = "An error code only goes with the outcome “error”";

/** Free text (actor, action): trimmed; no control characters, no broken UTF-16, at most 200 characters. */
export function readFilterText(value: string): FieldRead<string> {
  const text = value.trim();
  if (text.length > FILTER_TEXT_MAX) return { ok: false, message: `At most ${FILTER_TEXT_MAX} characters` };
  if (hasControlCharacters(text)) return { ok: false, message: CONTROL_CHARACTER_MESSAGE };
  if (!isWellFormedText(text)) return { ok: false, message: BROKEN_CHARACTER_MESSAGE };
  return { ok: true, value: text };
}

export function readFilterOutcome(value: string): FieldRead<AuditOutcome> {
  return (AUDIT_OUTCOMES as readonly string[]).includes(value)
    ? { ok: true, value: value as AuditOutcome }
    : { ok: false, message: OUTCOME_MESSAGE };
}

const ERROR_CODE = /^[A-Z][A-Z0-9_]{1,63}$/;
export function readFilterErrorCode(value: string): FieldRead<string> {
  const code = value.trim();
  return ERROR_CODE.test(code) ? { ok: true, value: code } : { ok: false, message: ERROR_CODE_MESSAGE };
}

// RFC 3339 date-times as the field writes them: a real calendar date (29 February only in leap
// years), seconds and fractions where a Z or an offset is given, optional without one (read as UTC).
const DATE =
  "(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))";
const HHMM = "(?:[01]\\d|2[0-3]):[0-5]\\d";
const DATE_TIME = new RegExp(
  `^${DATE}T(?:${HHMM}:[0-5]\\d(?:\\.\\d+)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)|${HHMM}(?::[0-5]\\d(?:\\.\\d+)?)?)$`,
);

/** A date and time, to the minute, in UTC: "2026-11-21T09:30" or "2026-11-21T11:30:10+02:00" → "…T09:30:00.000Z". */
export function readFilterMinute(value: string): FieldRead<string> {
  if (!DATE_TIME.test(value)) return { ok: false, message: MINUTE_MESSAGE };
  return { ok: true, value: floorToMinute(/(Z|[+-]\d\d:\d\d)$/.test(value) ? value : `${value}Z`) };
}

/** A case as records keep it: a ticket id in upper case, a link as the URL standard writes it. */
export function readFilterCase(value: string): FieldRead<string> {
  const check = checkCaseRef(value, "any");
  return check.ok ? { ok: true, value: check.value } : { ok: false, message: check.message };
}

const READERS: { [K in AuditFilterKey]-?: (value: string) => FieldRead<NonNullable<AuditFilters[K]>> } = {
  actor: readFilterText,
  action: readFilterText,
  outcome: readFilterOutcome,
  errorCode: readFilterErrorCode,
  case: readFilterCase,
  from: readFilterMinute,
  to: readFilterMinute,
};

/** One field: absent, or blank, is no filter; a value other than text is refused. */
export function readFilterField<K extends AuditFilterKey>(key: K, raw: unknown): FieldRead<AuditFilters[K]> {
  if (raw === undefined || (typeof raw === "string" && raw.trim() === "")) return { ok: true, value: undefined };
  if (typeof raw !== "string") return { ok: false, message: "expected text" };
  return READERS[key](raw) as FieldRead<AuditFilters[K]>;
}

export interface FilterIssue {
  path: [AuditFilterKey];
  message: string;
}

/** What the fields say together: From not after To, an error code only with the outcome error. */
export function crossFieldIssues(f: AuditFilters): FilterIssue[] {
  const issues: FilterIssue[] = [];
  if (f.from && f.to && new Date(f.from) > new Date(f.to)) issues.push({ path: ["to"], message: REVERSED_MESSAGE });
  if (f.errorCode && f.outcome && f.outcome !== "error")
    issues.push({ path: ["errorCode"], message: CODE_WITHOUT_ERROR_MESSAGE });
  return issues;
}

export type FiltersRead = { success: true; data: AuditFilters } | { success: false; error: { issues: FilterIssue[] } };

/** The filters of a URL or a request: every field read, then the fields together; keys not filters are left out. */
export function readAuditFilters(raw: Readonly<Record<string, unknown>>): FiltersRead {
  const data: AuditFilters = {};
  const issues: FilterIssue[] = [];
  for (const key of AUDIT_FILTER_KEYS) {
    const read = readFilterField(key, raw[key]);
    if (!read.ok) issues.push({ path: [key], message: read.message });
    else if (read.value !== undefined) (data as Record<string, unknown>)[key] = read.value;
  }
  if (issues.length === 0) issues.push(...crossFieldIssues(data));
  return issues.length ? { success: false, error: { issues } } : { success: true, data };
}

export const AUDIT_PAGE_SIZE = 50;

/** Serializes filters to the query string the list and export routes take. */
export function auditFiltersQuery(filters: AuditFilters): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, String(v));
  return q.toString();
}

const RECORD_ID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
export const AUDIT_RECORD_ID_MESSAGE = "That is not an audit record id";
/** Record ids are UUIDs (RFC 9562). */
export const isAuditRecordId = (value: string) => RECORD_ID.test(value);

/**
 * How the `action` filter matches. A full name of an action the console writes matches that
 * action only (so "auth.sign-in" leaves out auth.sign-in-failed); anything else is a prefix: an
 * area with its dot ("auth."), or any start typed by hand ("alerts.rep", "eject"). A trailing "*"
 * makes any value a prefix, a full name included: "alerts.replay*" is alerts.replay and
 * alerts.replay-all…. Prefixes ignore case, as the list's search does.
 */
export type ActionMatch = { kind: "exact"; action: string } | { kind: "prefix"; prefix: string };

const KNOWN_ACTIONS: ReadonlySet<string> = new Set(KNOWN_AUDIT_ACTIONS);

export function actionMatch(value: string): ActionMatch {
  const v = value.trim();
  if (v.endsWith("*")) return { kind: "prefix", prefix: v.replace(/\*+$/, "") };
  if (KNOWN_ACTIONS.has(v)) return { kind: "exact", action: v };
  return { kind: "prefix", prefix: v };
}

/** Whether a record's action passes the filter: the same rule as the database query. */
export function actionMatches(filter: string, action: string): boolean {
  const match = actionMatch(filter);
  return match.kind === "exact" ? action === match.action : action.toLowerCase().startsWith(match.prefix.toLowerCase());
}
