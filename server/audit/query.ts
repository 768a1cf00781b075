import "server-only";
import { and, asc, desc, eq, gt, gte, ilike, lt, lte, or, sql, type SQL } from "drizzle-orm";
import {
  AUDIT_RECORD_COLUMNS,
  actionMatch,
  auditTimeBounds,
  type ActionMatch,
  type AuditFilters,
  type AuditPage,
  type AuditRecord,
  type AuditRecordDetail,
  type AuditRecordRef,
} from "@/lib/audit";
import { tables, type Db } from "@/server/db";
import { keptRead } from "@/server/db/kept-reads";
import { withTargetLinks } from "./targets";

type Row = typeof tables.auditLog.$inferSelect;

const escape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function actionCondition(match: ActionMatch): SQL {
  const t = tables.auditLog;
  return match.kind === "exact" ? eq(t.action, match.action) : ilike(t.action, `${escape(match.prefix)}%`);
}

function where(filters: AuditFilters, beforeSeq?: number): SQL | undefined {
  const t = tables.auditLog;
  const time = auditTimeBounds(filters);
  const parts: (SQL | undefined)[] = [
    filters.actor ? or(ilike(t.actorEmail, `%${escape(filters.actor)}%`), eq(t.actorId, filters.actor)) : undefined,
    // A known action's full name matches it alone; anything else is a prefix (lib/audit/index.ts, actionMatch).
    filters.action ? actionCondition(actionMatch(filters.action)) : undefined,
    filters.outcome ? eq(t.outcome, filters.outcome) : undefined,
    filters.errorCode ? and(eq(t.outcome, "error"), eq(t.errorCode, filters.errorCode)) : undefined,
    // The expression audit_log_case_idx indexes.
    filters.case ? sql`(${t.input}->>'case') = ${filters.case}` : undefined,
    time.from ? gte(t.at, time.from) : undefined,
    // Exclusive bound on the next minute: "to 09:30" keeps 09:30:59.999999 (the database keeps microseconds).
    time.before ? lt(t.at, time.before) : undefined,
    beforeSeq !== undefined ? lt(t.seq, beforeSeq) : undefined,
  ];
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

function view(row: Row): AuditRecord {
  const record = Object.fromEntries(
    AUDIT_RECORD_COLUMNS.map(([field]) => [field, row[field]]),
  ) as unknown as AuditRecord;
  return { ...record, at: new Date(row.at).toISOString() };
}

/** Newest first; the cursor is the seq of the last record shown (keyset paging, stable while records are added). */
async function listRecords(
  db: Db,
  filters: AuditFilters,
  page: { cursor?: string; limit: number },
): Promise<{ records: AuditRecord[]; nextCursor: string | null }> {
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

/**
 * listAudit as the audit page, its route and the overview serve it: kept between writes to the log
 * and to what its links name (server/db/kept-reads.ts).
 */
export async function shownAuditPage(
  filters: AuditFilters,
  page: { cursor?: string; limit: number },
): Promise<AuditPage> {
  return keptRead(
    ["audit_log", "users", "eject_requests"],
    `audit page ${JSON.stringify([filters, page.cursor ?? null, page.limit])}`,
    async (db) => ({ value: await listAudit(db, filters, page) }),
    "pages",
  );
}

/** One page for the screen, each record with a link to what its target names. */
export async function listAudit(
  db: Db,
  filters: AuditFilters,
  page: { cursor?: string; limit: number },
): Promise<AuditPage> {
  const { records, nextCursor } = await listRecords(db, filters, page);
  return { records: await withTargetLinks(db, records), nextCursor };
}

/**
 * Every record matching the filters, newest first, in batches (for exports of any size); with
 * `throughSeq`, none after that record, so records appended meanwhile stay out.
 */
export async function* iterateAudit(
  db: Db,
  filters: AuditFilters,
  batch = 1000,
  throughSeq?: number,
): AsyncGenerator<AuditRecord> {
  let cursor: string | undefined = throughSeq === undefined ? undefined : String(throughSeq + 1);
  for (;;) {
    const page = await listRecords(db, filters, { cursor, limit: batch });
    yield* page.records;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** How many records match the filters, up to and including `throughSeq`. */
export async function countAudit(db: Db, filters: AuditFilters, throughSeq: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tables.auditLog)
    .where(where(filters, throughSeq + 1));
  return Number(row?.n ?? 0);
}

const ref = (row: Pick<Row, "id" | "seq" | "outcome" | "errorCode">): AuditRecordRef => ({
  id: row.id,
  seq: row.seq,
  outcome: row.outcome,
  errorCode: row.errorCode,
});

/**
 * An act's outcome is written within moments of its intent; an intent with no outcome an hour
 * later never got one (the process died). The bound keeps the lookup on the time index, since
 * intent_id has none of its own.
 */
const OUTCOME_WINDOW_MS = 60 * 60 * 1000;
/** Instances stamp their own records; their clocks may differ a little. */
const CLOCK_SKEW_MS = 60 * 1000;

/** One record by id, with its intent (an outcome record) or its outcome (an intent record); null if unknown. */
export async function getAuditRecord(db: Db, id: string): Promise<AuditRecordDetail | null> {
  const t = tables.auditLog;
  const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
  if (!row) return null;
  const related = { id: t.id, seq: t.seq, outcome: t.outcome, errorCode: t.errorCode };
  const [intent] = row.intentId ? await db.select(related).from(t).where(eq(t.id, row.intentId)).limit(1) : [];
  const [outcome] =
    row.outcome === "intent"
      ? await db
          .select(related)
          .from(t)
          .where(
            and(
              eq(t.intentId, row.id),
              gt(t.seq, row.seq),
              gte(t.at, new Date(new Date(row.at).getTime() - CLOCK_SKEW_MS).toISOString()),
              lte(t.at, new Date(new Date(row.at).getTime() + OUTCOME_WINDOW_MS).toISOString()),
            ),
          )
          .orderBy(asc(t.seq))
          .limit(1)
      : [];
  const [record] = await withTargetLinks(db, [view(row)]);
  if (!record) return null;
  return { record, intent: intent ? ref(intent) : null, outcome: outcome ? ref(outcome) : null };
}
