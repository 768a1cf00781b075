import "server-only";
import { and, desc, eq, getTableColumns, inArray, is, like, lt, or, sql, type SQL } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { recordCase } from "@/lib/cases/record-case";
import {
  kindOfAction,
  TIMELINE_KINDS,
  type FindRecords,
  type RecordFacts,
  type RecordMatcher,
  type TimelinePage,
} from "@/lib/clients/timeline";
import { tables, type Db } from "@/server/db";
import { keptRead } from "@/server/db/kept-reads";

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The record conditions the kinds compose, as SQL on the audit log. */
function sqlMatcher(db: Db): RecordMatcher<SQL> {
  const t = tables.auditLog;
  return {
    targetIs: (value) => eq(t.target, value),
    targetStartsWith: (prefix) => like(t.target, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    targetIsIdOf: (table, column, value) => {
      const source: unknown = (tables as Record<string, unknown>)[table];
      if (!is(source, PgTable)) throw new Error(`The timeline names a table the console does not have: ${table}`);
      const columns = getTableColumns(source);
      const id = columns.id;
      const where = columns[column];
      if (!id || !where) throw new Error(`The timeline names a column ${table} does not have: ${id ? column : "id"}`);
      return inArray(
        t.target,
        db
          .select({ id: sql<string>`${id}::text` })
          .from(source)
          .where(eq(where, value)),
      );
    },
    anyOf: (...conditions) => or(...conditions) as SQL,
  };
}

/**
 * clientTimeline as the client page and its route serve it: kept between writes to the log and to
 * the eject requests some records are found by (server/db/kept-reads.ts).
 */
export async function shownTimeline(
  clientId: string,
  query: { kinds: string[]; cursor?: string; limit: number },
): Promise<TimelinePage> {
  return keptRead(
    ["audit_log", "eject_requests"],
    `timeline ${JSON.stringify([clientId, query.kinds, query.cursor ?? null, query.limit])}`,
    async (db) => ({ value: await clientTimeline(db, clientId, query) }),
    "pages",
  );
}

/**
 * A client's timeline, newest first, from the audit log: the outcome records (ok or error) of the
 * actions the registered kinds cover, each found the way its kind declares. Keyset paging on the
 * record number.
 */
export async function clientTimeline(
  db: Db,
  clientId: string,
  query: { kinds: string[]; cursor?: string; limit: number },
): Promise<TimelinePage> {
  const kinds = TIMELINE_KINDS.filter((k) => query.kinds.length === 0 || query.kinds.includes(k.id));
  // Actions that find their records the same way share one condition.
  const byFinder = new Map<FindRecords, string[]>();
  for (const kind of kinds)
    for (const [action, entry] of Object.entries(kind.actions)) {
      const find = entry.records ?? kind.records;
      byFinder.set(find, [...(byFinder.get(find) ?? []), action]);
    }
  if (byFinder.size === 0) return { entries: [], nextCursor: null };
  const t = tables.auditLog;
  const match = sqlMatcher(db);
  const clauses = [...byFinder].map(([find, actions]) => and(inArray(t.action, actions), find(clientId, match)));

  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        or(...clauses),
        inArray(t.outcome, ["ok", "error"]),
        query.cursor ? lt(t.seq, Number(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(t.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const entries = page.flatMap((row) => {
    const kind = kindOfAction(row.action);
    if (!kind || row.outcome === "intent") return [];
    const stored = asObject(row.input);
    // A server action's record keeps { input, result }; a job's record keeps its facts as the input itself.
    const apart = "input" in stored || "result" in stored;
    const facts: RecordFacts = {
      outcome: row.outcome,
      errorMessage: row.errorMessage,
      input: apart ? asObject(stored.input) : stored,
      result: asObject(stored.result),
    };
    const summary = kind.summary(facts);
    return [
      {
        recordId: row.id,
        seq: row.seq,
        at: new Date(row.at).toISOString(),
        kind: kind.kind.id,
        kindLabel: kind.kind.label,
        action: row.action,
        actorEmail: row.actorEmail,
        outcome: row.outcome,
        summary: row.outcome === "error" ? `${summary} — refused: ${row.errorMessage ?? "error"}` : summary,
        caseRef: recordCase(row.input),
      },
    ];
  });
  const last = page.at(-1);
  return { entries, nextCursor: rows.length > query.limit && last ? String(last.seq) : null };
}
