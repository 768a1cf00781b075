/** Audit-log filters as they live in the URL: shared by the page, the list route and the CSV export. */
import { z } from "zod";
import { freeText } from "../shared/text";
import { KNOWN_AUDIT_ACTIONS } from "./catalog";
import { endOfMinuteExclusive, floorToMinute } from "./time";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** Refuses NUL and broken characters with a field message: PostgreSQL would refuse the query with them. */
const optionalText = z.preprocess(blankToUndefined, freeText().max(200).optional());

/**
 * Times in filters are UTC and count to the minute: the value is cut to the start of its minute
 * (so "to" means the whole minute, see auditTimeBounds). A value without an offset is read as UTC.
 */
const optionalMinute = z.preprocess(
  blankToUndefined,
  z.iso
    .datetime({ offset: true, local: true, message: "expected a date and time such as 2026-11-21T09:30:00Z" })
    .transform((v) => floorToMinute(/([zZ]|[+-]\d\d:?\d\d)$/.test(v) ? v : `${v}Z`))
    .optional(),
);

export const AUDIT_OUTCOMES = ["intent", "ok", "error"] as const;

export const auditFiltersSchema = z
  .object({
    actor: optionalText,
    action: optionalText,
    outcome: z.preprocess(blankToUndefined, z.enum(AUDIT_OUTCOMES).optional()),
    /** One error code; implies the outcome "error". */
    errorCode: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Z][A-Z0-9_]{1,63}$/, "expected an error code such as INVALID_CREDENTIALS")
        .optional(),
    ),
    from: optionalMinute,
    to: optionalMinute,
  })
  .refine((f) => !f.from || !f.to || new Date(f.from) <= new Date(f.to), {
    message: "“From” must not be after “To”",
    path: ["to"],
  })
  .refine((f) => !f.errorCode || !f.outcome || f.outcome === "error", {
    message: "An error code only goes with the outcome “error”",
    path: ["errorCode"],
  });

export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** The instants a filter covers: from the start of the "from" minute up to (not including) the minute after "to". */
export function auditTimeBounds(filters: Pick<AuditFilters, "from" | "to">): { from?: string; before?: string } {
  return {
    ...(filters.from ? { from: floorToMinute(filters.from) } : {}),
    ...(filters.to ? { before: endOfMinuteExclusive(filters.to) } : {}),
  };
}

export const auditPageQuerySchema = z.object({
  cursor: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^\d+$/, "expected a record number")
      // Record numbers are safe integers; a larger one would overflow the query's bigint (a 500).
      .refine((v) => Number.isSafeInteger(Number(v)), "expected a record number")
      .optional(),
  ),
  limit: z.preprocess(
    (v) => (v === undefined || v === "" ? "50" : v),
    z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(1).max(200)),
  ),
});

export const auditRecordIdSchema = z.uuid("That is not an audit record id");

/** One record as stored (the CSV export's row). */
export interface AuditRecord {
  seq: number;
  id: string;
  at: string;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  target: string | null;
  input: unknown;
  outcome: (typeof AUDIT_OUTCOMES)[number];
  errorCode: string | null;
  errorMessage: string | null;
  requestId: string | null;
  ip: string | null;
  /** On an outcome record: the intent record written before the act. */
  intentId: string | null;
  hash: string;
}

/**
 * Every field of AuditRecord once, in the order of the CSV export, with its column name there: the
 * record read from the database, the CSV's header and its cells all follow this list (a field added to
 * the interface and not here fails to compile).
 */
export const AUDIT_RECORD_COLUMNS = [
  ["seq", "seq"],
  ["id", "id"],
  ["at", "at"],
  ["actorEmail", "actor_email"],
  ["actorRole", "actor_role"],
  ["action", "action"],
  ["target", "target"],
  ["outcome", "outcome"],
  ["errorCode", "error_code"],
  ["errorMessage", "error_message"],
  ["requestId", "request_id"],
  ["ip", "ip"],
  ["intentId", "intent_id"],
  ["input", "input"],
  ["hash", "hash"],
] as const satisfies readonly (readonly [keyof AuditRecord, string])[];
const everyColumnListed: Exclude<keyof AuditRecord, (typeof AUDIT_RECORD_COLUMNS)[number][0]> extends never
  ? true
  : never = true;
void everyColumnListed;

/** Where a record's target can be opened in the console. */
export interface AuditTargetLink {
  href: string;
  label: string;
  kind: "client" | "eject-request" | "user";
}

export interface AuditRecordView extends AuditRecord {
  targetLink: AuditTargetLink | null;
}

export interface AuditPage {
  records: AuditRecordView[];
  nextCursor: string | null;
}

/** A record named from another one (an outcome's intent, an intent's outcome). */
export interface AuditRecordRef {
  id: string;
  seq: number;
  outcome: AuditRecord["outcome"];
  errorCode: string | null;
}

/** One record with the records it belongs with: its intent (on an outcome), its outcome (on an intent). */
export interface AuditRecordDetail {
  record: AuditRecordView;
  intent: AuditRecordRef | null;
  outcome: AuditRecordRef | null;
}

/** What the action and outcome filters offer. */
export interface AuditFacets {
  actions: string[];
  errorCodes: string[];
}

export const AUDIT_PAGE_SIZE = 50;

/** Serializes filters to the query string the list and export routes take. */
export function auditFiltersQuery(filters: AuditFilters): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, String(v));
  return q.toString();
}

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
