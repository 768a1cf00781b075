import "server-only";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { EjectRequestView } from "@/lib/clients";
import { tables, type Db } from "@/server/db";
import { notFound } from "@/server/errors";

export type EjectRow = typeof tables.ejectRequests.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toView(row: EjectRow): EjectRequestView {
  return {
    id: row.id,
    clientId: row.clientId,
    walletId: row.walletId,
    curve: row.curve,
    reason: row.reason,
    ticket: row.ticket,
    windowMinutes: row.windowMinutes,
    status: row.status,
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
  };
}

/**
 * Requests nobody acted on in time lapse: pending ones when nobody decided, approved ones when the
 * window was not opened. Done on read, so no timer has to run on any instance.
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
