import "server-only";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { EjectRequestView } from "@/lib/ejects/views";
import { tables, type Db } from "@/server/db";
import { notFound } from "@/server/errors";

export type EjectRow = typeof tables.ejectRequests.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Whether an open request (pending, or approved and not yet executed) is past its expiry at `now`. */
export const lapsed = (row: Pick<EjectRow, "status" | "expiresAt">, now: Date) =>
  (row.status === "pending" || row.status === "approved") && row.expiresAt < now;

/**
 * For what shows these requests and is kept (server/db/kept-reads.ts): good until the millisecond
 * after the first open one still to lapse does (it then reads as expired).
 */
export function untilFirstLapse(
  requests: readonly { status: string; expiresAt: Date | string }[],
  now = Date.now(),
): { until?: number } {
  const lapses = requests
    .filter((r) => r.status === "pending" || r.status === "approved")
    .map((r) => new Date(r.expiresAt).getTime())
    .filter((at) => at >= now);
  return lapses.length > 0 ? { until: Math.min(...lapses) + 1 } : {};
}

/**
 * A request as the pages show it. One nobody acted on in time reads as expired at once, whether or
 * not expireStale has marked it yet: reads never write.
 */
export function toView(row: EjectRow, now = new Date()): EjectRequestView {
  return {
    id: row.id,
    clientId: row.clientId,
    walletId: row.walletId,
    curve: row.curve,
    reason: row.reason,
    ticket: row.ticket,
    windowMinutes: row.windowMinutes,
    status: lapsed(row, now) ? "expired" : row.status,
    requestedByEmail: row.requestedByEmail,
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedByEmail: row.decidedByEmail,
    decidedAt: iso(row.decidedAt),
    decisionNote: row.decisionNote,
    executedByEmail: row.executedByEmail,
    executedAt: iso(row.executedAt),
    ejectableUntil: iso(row.ejectableUntil),
    sharesFetchedByEmail: row.sharesFetchedByEmail,
    sharesFetchedAt: iso(row.sharesFetchedAt),
    // Lists that show it add it (./evidence/store.ts withEvidence); a single act's answer has none yet.
    evidenceSignedAt: null,
  };
}

/**
 * Requests nobody acted on in time lapse: pending ones when nobody decided, approved ones when the
 * window was not opened. Marked in the table before a new request is checked against the open ones;
 * reads derive it (toView, and the inbox's query) rather than write on every page.
 */
export async function expireStale(db: Db, now = new Date()) {
  await db
    .update(tables.ejectRequests)
    .set({ status: "expired" })
    .where(and(inArray(tables.ejectRequests.status, ["pending", "approved"]), lt(tables.ejectRequests.expiresAt, now)));
}

export async function loadRequest(db: Db, requestId: string): Promise<EjectRow> {
  const [row] = await db.select().from(tables.ejectRequests).where(eq(tables.ejectRequests.id, requestId)).limit(1);
  if (!row) throw notFound("That eject request");
  return row;
}
