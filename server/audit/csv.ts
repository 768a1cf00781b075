import "server-only";
import { createHash } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import type { AuditRecordView } from "@/lib/audit";

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
  "input",
  "hash",
];

export function auditCsv(records: AuditRecordView[]): { csv: string; sha256: string } {
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
    r.input === null ? "" : JSON.stringify(r.input),
    r.hash,
  ]);
  const csv = stringify([COLUMNS, ...rows]);
  return { csv, sha256: createHash("sha256").update(csv).digest("hex") };
}
