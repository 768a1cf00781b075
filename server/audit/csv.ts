import "server-only";
import { createHash } from "node:crypto";
import { AUDIT_RECORD_COLUMNS, type AuditRecord } from "@/lib/audit";
import { csvDocument, csvRows, type CsvCell } from "@/server/exports/csv";

export const AUDIT_CSV_COLUMNS = AUDIT_RECORD_COLUMNS.map(([, column]) => column);

const cells = (r: AuditRecord) =>
  AUDIT_RECORD_COLUMNS.map(([field]) =>
    field === "input" ? (r.input === null ? "" : JSON.stringify(r.input)) : (r[field] as CsvCell),
  );

/** A whole CSV document of the records, for small sets (tests); exports write it in batches. */
export function auditCsv(records: AuditRecord[]): { csv: string; sha256: string } {
  const csv = csvDocument(AUDIT_CSV_COLUMNS, records.map(cells));
  return { csv, sha256: createHash("sha256").update(csv).digest("hex") };
}

/** The CSV rows of a batch of records, without the header: batches concatenated make the document. */
export const auditCsvBatch = (records: readonly AuditRecord[]) => csvRows(records.map(cells));
