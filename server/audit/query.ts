import "server-only";
import { and, desc, eq, gte, ilike, lt, lte, or, type SQL } from "drizzle-orm";
import { tables, type Db } from "@/server/db";
import type { AuditFilters, AuditPage, AuditRecordView } from "@/lib/audit";

function where(filters: AuditFilters, beforeSeq?: number): SQL | undefined {
  const t = tables.auditLog;
  const escape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  const parts: (SQL | undefined)[] = [
    filters.actor ? or(ilike(t.actorEmail, `%${escape(filters.actor)}%`), eq(t.actorId, filters.actor)) : undefined,
    // An action filter matches the exact action or every action under a prefix ("auth." matches auth.sign-in).
    filters.action
      ? filters.action.endsWith(".")
        ? ilike(t.action, `${escape(filters.action)}%`)
        : eq(t.action, filters.action)
      : undefined,
    filters.outcome ? eq(t.outcome, filters.outcome) : undefined,
    filters.from ? gte(t.at, new Date(filters.from).toISOString()) : undefined,
    filters.to ? lte(t.at, new Date(filters.to).toISOString()) : undefined,
    beforeSeq !== undefined ? lt(t.seq, beforeSeq) : undefined,
  ];
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

function view(row: typeof tables.auditLog.$inferSelect): AuditRecordView {
  return {
    seq: row.seq,
    id: row.id,
    at: new Date(row.at).toISOString(),
    actorEmail: row.actorEmail,
    actorRole: row.actorRole,
    action: row.action,
    target: row.target,
    input: row.input,
    outcome: row.outcome,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    requestId: row.requestId,
    ip: row.ip,
    hash: row.hash,
  };
}

/** Newest first; the cursor is the seq of the last record shown (keyset paging, stable while records are added). */
export async function listAudit(
  db: Db,
  filters: AuditFilters,
  page: { cursor?: string; limit: number },
): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(tables.auditLog)
    .where(where(filters, page.cursor ? Number(page.cursor) : undefined))
    .orderBy(desc(tables.auditLog.seq))
    .limit(page.limit + 1);
  const records = rows.slice(0, page.limit).map(view);
  const last = records.at(-1);
  return { records, nextCursor: rows.length > page.limit && last ? String(last.seq) : null };
}

/** Every record matching the filters, newest first, in batches (for exports of any size). */
export async function* iterateAudit(db: Db, filters: AuditFilters, batch = 1000): AsyncGenerator<AuditRecordView> {
  let cursor: string | undefined;
  for (;;) {
    const page = await listAudit(db, filters, { cursor, limit: batch });
    yield* page.records;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

export const AUDIT_ACTIONS_HINT = [
  "auth.sign-in",
  "auth.sign-out",
  "auth.sign-in-failed",
  "users.create",
  "users.update",
  "audit.export",
  "audit.verify",
];
