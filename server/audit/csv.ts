import "server-only";
import { createHash } from "node:crypto";
import type { AuditRecord } from "@/lib/audit";
import { csvDocument } from "@/server/exports/csv";

const COLUMNS = [
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

export function auditCsv(records: AuditRecord[]): { csv: string; sha256: string } {
  const rows = records.map((r) => [
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
  ]);
  const csv = csvDocument(COLUMNS, rows);
  return { csv, sha256: createHash("sha256").update(csv).digest("hex") };
}
