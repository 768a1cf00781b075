import "server-only";
import { and, desc, eq, inArray, like, lt, or, type SQL } from "drizzle-orm";
import { tables, type Db } from "@/server/db";
import { kindOfAction, TIMELINE_KINDS, type RecordFacts, type TimelinePage } from "@/lib/timeline";

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * A client's timeline, newest first, from the audit log: the outcome records (ok or error) of the
 * actions the registered kinds cover, whose target names the client directly, as "clientId/…", or
 * as one of its eject requests. Keyset paging on the record number.
 */
export async function clientTimeline(
  db: Db,
  clientId: string,
  query: { kinds: string[]; cursor?: string; limit: number },
): Promise<TimelinePage> {
  const kinds = TIMELINE_KINDS.filter((k) => query.kinds.length === 0 || query.kinds.includes(k.id));
  const byTarget = { client: [] as string[], "client-prefix": [] as string[], "eject-request": [] as string[] };
  for (const kind of kinds)
    for (const [action, entry] of Object.entries(kind.actions)) byTarget[entry.target].push(action);

  const t = tables.auditLog;
  const requestIds =
    byTarget["eject-request"].length > 0
      ? (
          await db
            .select({ id: tables.ejectRequests.id })
            .from(tables.ejectRequests)
            .where(eq(tables.ejectRequests.clientId, clientId))
        ).map((r) => r.id)
      : [];
  const escaped = clientId.replace(/[\\%_]/g, (c) => `\\${c}`);
  const clauses: SQL[] = [];
  if (byTarget.client.length > 0) clauses.push(and(inArray(t.action, byTarget.client), eq(t.target, clientId)) as SQL);
  if (byTarget["client-prefix"].length > 0)
    clauses.push(and(inArray(t.action, byTarget["client-prefix"]), like(t.target, `${escaped}/%`)) as SQL);
  if (requestIds.length > 0)
    clauses.push(and(inArray(t.action, byTarget["eject-request"]), inArray(t.target, requestIds)) as SQL);
  if (clauses.length === 0) return { entries: [], nextCursor: null };

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
    const facts: RecordFacts = {
      outcome: row.outcome,
      errorMessage: row.errorMessage,
      input: asObject(stored.input),
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
      },
    ];
  });
  const last = page.at(-1);
  return { entries, nextCursor: rows.length > query.limit && last ? String(last.seq) : null };
}
