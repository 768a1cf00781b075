import { defineRoute } from "@/server/kit/define-route";
import { getDb } from "@/server/db";
import { iterateAudit } from "@/server/audit/query";
import { auditCsv } from "@/server/audit/csv";
import { appendAudit } from "@/server/audit/append";
import { auditFiltersSchema, type AuditRecord } from "@/lib/audit";

/**
 * The whole filtered audit log as CSV (every page, not the one on screen). The response carries the
 * row count and the SHA-256 of the file, and the export itself is an audit record with both, so
 * a reviewer can later prove which file was exported by whom with which filters.
 */
export const GET = defineRoute({
  permission: "audit:read",
  query: auditFiltersSchema,
  run: async (filters, { user, requestId, ip }) => {
    const db = await getDb();
    const records: AuditRecord[] = [];
    for await (const record of iterateAudit(db, filters)) records.push(record);
    const { csv, sha256 } = auditCsv(records);
    await appendAudit({
      actor: { id: user.id, email: user.email, role: user.role },
      action: "audit.export",
      target: "audit_log",
      input: { filters, rows: records.length, sha256, format: "csv" },
      outcome: "ok",
      requestId,
      ip,
    });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="audit-${stamp}.csv"`,
        "cache-control": "no-store",
        "x-row-count": String(records.length),
        "x-content-sha256": sha256,
        "x-request-id": requestId,
      },
    });
  },
});
