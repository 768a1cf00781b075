/** Audit-log filters as they live in the URL: shared by the page, the list route and the CSV export. */
import { z } from "zod";

const optionalText = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().trim().max(200).optional(),
);
/** Times in filters are UTC; a value without an offset (a datetime-local input) is read as UTC. */
const optionalInstant = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.iso
    .datetime({ offset: true, local: true, message: "expected a date and time such as 2026-11-21T09:30" })
    .transform((v) => new Date(/([zZ]|[+-]\d\d:?\d\d)$/.test(v) ? v : `${v}Z`).toISOString())
    .optional(),
);

export const auditFiltersSchema = z
  .object({
    actor: optionalText,
    action: optionalText,
    outcome: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["ok", "error"]).optional()),
    from: optionalInstant,
    to: optionalInstant,
  })
  .refine((f) => !f.from || !f.to || new Date(f.from) <= new Date(f.to), {
    message: "“From” must be before “to”",
    path: ["to"],
  });

export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const auditPageQuerySchema = z.object({
  cursor: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().regex(/^\d+$/, "expected a record number").optional(),
  ),
  limit: z.preprocess(
    (v) => (v === undefined || v === "" ? "50" : v),
    z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(1).max(200)),
  ),
});

export interface AuditRecordView {
  seq: number;
  id: string;
  at: string;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  target: string | null;
  input: unknown;
  outcome: "ok" | "error";
  errorCode: string | null;
  errorMessage: string | null;
  requestId: string | null;
  ip: string | null;
  hash: string;
}

export interface AuditPage {
  records: AuditRecordView[];
  nextCursor: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

/** Serializes filters to the query string the list and export routes take. */
export function auditFiltersQuery(filters: AuditFilters): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, String(v));
  return q.toString();
}
