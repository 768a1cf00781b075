import "server-only";
import { createHash } from "node:crypto";
import type { AuditRecord } from "@/lib/audit";
import { csvDocument, csvRows } from "@/server/exports/csv";

export const AUDIT_CSV_COLUMNS = [
  "seq",
  "id",
  "at",
  "actor_email",
  "actor_role",
  "action",
  "target",
  "outcome",
  "error_code",
  "error_message",
  "request_id",
  "ip",
  "intent_id",
  "input",
  "hash",
];

const cells = (r: AuditRecord) => [
  r.seq,
  r.id,
  r.at,
  r.actorEmail,
  r.actorRole,
  r.action,
  r.target,
  r.outcome,
  r.errorCode,
  r.errorMessage,
  r.requestId,
  r.ip,
  r.intentId,
  r.input === null ? "" : JSON.stringify(r.input),
  r.hash,
];

/** A whole CSV document of the records, for small sets (tests); exports write it in batches. */
export function auditCsv(records: AuditRecord[]): { csv: string; sha256: string } {
  const csv = csvDocument(AUDIT_CSV_COLUMNS, records.map(cells));
  return { csv, sha256: createHash("sha256").update(csv).digest("hex") };
}

/** The CSV rows of a batch of records, without the header: batches concatenated make the document. */
export const auditCsvBatch = (records: readonly AuditRecord[]) => csvRows(records.map(cells));
