/** Audit-log filters as they live in the URL: shared by the page, the list route and the CSV export. */
import { z } from "zod";
import {
  AUDIT_FILTER_KEYS,
  type AUDIT_OUTCOMES,
  AUDIT_RECORD_ID_MESSAGE,
  crossFieldIssues,
  isAuditRecordId,
  readFilterField,
  type AuditFilterKey,
  type AuditFilters,
} from "./filters";
import { endOfMinuteExclusive, floorToMinute } from "./time";

export {
  AUDIT_OUTCOMES,
  AUDIT_PAGE_SIZE,
  actionMatch,
  actionMatches,
  auditFiltersQuery,
  type ActionMatch,
  type AuditFilters,
} from "./filters";

/** A filter field as zod reads it: the plain reader of ./filters.ts decides (one rule for browser and server). */
const filterField = <K extends AuditFilterKey>(key: K) =>
  z
    .unknown()
    .transform((raw, ctx): AuditFilters[K] => {
      const read = readFilterField(key, raw);
      if (read.ok) return read.value;
      ctx.addIssue({ code: "custom", message: read.message });
      return z.NEVER;
    })
    .optional();

const fields = Object.fromEntries(AUDIT_FILTER_KEYS.map((k) => [k, filterField(k)])) as {
  [K in AuditFilterKey]: ReturnType<typeof filterField<K>>;
};

/**
 * The audit filters (URL, list route, export action and job): ./filters.ts's readers per field, then
 * the fields together. Times are UTC to the minute (see auditTimeBounds).
 */
export const auditFiltersSchema = z.object(fields).superRefine((f, ctx) => {
  for (const issue of crossFieldIssues(f)) ctx.addIssue({ code: "custom", ...issue });
});

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

export const auditRecordIdSchema = z.string().refine(isAuditRecordId, AUDIT_RECORD_ID_MESSAGE);

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
