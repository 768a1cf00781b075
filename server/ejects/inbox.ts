import "server-only";
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, min, ne, or } from "drizzle-orm";
import type { Client } from "@/lib/contracts";
import { ejectSummaryOf, type EjectRequestFacts } from "@/lib/ejects/summary";
import type { EjectRequestView, EjectSummary } from "@/lib/ejects/views";
import { findUserById, type StaffUser } from "@/server/auth/users";
import { getDb, tables, type Db } from "@/server/db";
import { keptRead } from "@/server/db/kept-reads";
import { withEvidence } from "./evidence/store";
import { toView, untilFirstLapse } from "./view";

/**
 * Requests waiting for this user's approval, across clients: pending, not theirs, made after their
 * account existed and not by whoever created their account (the same rules the approval enforces,
 * so the inbox never offers what would be refused).
 */
export async function awaitingApproval(user: StaffUser): Promise<EjectRequestView[]> {
  return awaitingApprovalIn(await getDb(), user);
}

/** awaitingApproval on a given database (or transaction); requests past their expiry are left out. */
export async function awaitingApprovalIn(db: Db, user: StaffUser, now = new Date()): Promise<EjectRequestView[]> {
  const where = await awaitingWhere(db, user, now);
  if (!where) return [];
  const t = tables.ejectRequests;
  const rows = await db.select().from(t).where(where).orderBy(asc(t.expiresAt));
  return rows.map((row) => toView(row, now));
}

/**
 * How many requests awaitingApproval lists, counted by the database (the sidebar's badge on every
 * page), and when the first of them lapses (the count drops then without a write).
 */
export async function countAwaitingApproval(
  db: Db,
  user: StaffUser,
  now = new Date(),
): Promise<{ count: number; firstLapse: Date | null }> {
  const where = await awaitingWhere(db, user, now);
  if (!where) return { count: 0, firstLapse: null };
  const t = tables.ejectRequests;
  const [row] = await db
    .select({ n: count(), first: min(t.expiresAt) })
    .from(t)
    .where(where);
  return { count: row?.n ?? 0, firstLapse: row?.first ?? null };
}

/** The rules of awaitingApproval as one condition; undefined when the user's account is gone. */
async function awaitingWhere(db: Db, user: StaffUser, now: Date) {
  // The signed-in user was read with their account's facts this request; otherwise read them now.
  const row = user.joined ? undefined : await findUserById(db, user.id);
  const me = user.joined
    ? { id: user.id, createdAt: user.joined.at, createdBy: user.joined.by }
    : row && { id: row.id, createdAt: row.createdAt, createdBy: row.createdBy };
  if (!me) return undefined;
  const t = tables.ejectRequests;
  return and(
    eq(t.status, "pending"),
    gte(t.expiresAt, now),
    ne(t.requestedById, me.id),
    gt(t.requestedAt, me.createdAt),
    me.createdBy ? ne(t.requestedById, me.createdBy) : undefined,
  );
}

/** How many of a person's own requests, or of their decisions, the approvals page lists (newest first). */
export const APPROVALS_PAGE_LIMIT = 50;

/** The requester's own requests, newest first, whatever became of them (the approvals page's "Your requests"). */
export async function myRequestsIn(db: Db, user: StaffUser): Promise<EjectRequestView[]> {
  const t = tables.ejectRequests;
  const rows = await db
    .select()
    .from(t)
    .where(eq(t.requestedById, user.id))
    .orderBy(desc(t.requestedAt))
    .limit(APPROVALS_PAGE_LIMIT);
  return withEvidence(
    db,
    rows.map((row) => toView(row)),
  );
}

/** Requests this approver approved or rejected, most recent decision first. */
export async function myDecisionsIn(db: Db, user: StaffUser): Promise<EjectRequestView[]> {
  const t = tables.ejectRequests;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.decidedById, user.id), isNotNull(t.decidedAt)))
    .orderBy(desc(t.decidedAt))
    .limit(APPROVALS_PAGE_LIMIT);
  return withEvidence(
    db,
    rows.map((row) => toView(row)),
  );
}

/**
 * The Eject column of the clients list, by the rule the client page uses too (lib/eject-summary):
 * the requests that count are the open ones and those whose shares were handed out.
 */
export async function ejectSummaries(clients: Client[]): Promise<Record<string, EjectSummary>> {
  const now = new Date();
  const ids = clients.map((c) => c.id);
  const byClient = new Map<string, EjectRequestFacts[]>();
  for (const row of ids.length > 0 ? await countingRequests(ids, now) : [])
    byClient.set(row.clientId, [...(byClient.get(row.clientId) ?? []), row]);
  return Object.fromEntries(
    clients.map((client) => [client.id, ejectSummaryOf(client, byClient.get(client.id) ?? [], now.getTime())]),
  );
}

/**
 * The requests of these clients that count for the column: open ones (pending or approved, not past
 * their expiry: as expireStale would mark them, without a write on every page of the list) and those
 * whose shares were handed out. Kept between writes to the requests, until the first open one lapses
 * (server/db/kept-reads.ts): a list paged back and forth reads them once.
 */
async function countingRequests(ids: string[], now: Date) {
  const t = tables.ejectRequests;
  return keptRead(["eject_requests"], `counting eject requests ${[...ids].sort().join(" ")}`, async (db) => {
    const rows = await db
      .select({
        id: t.id,
        clientId: t.clientId,
        walletId: t.walletId,
        status: t.status,
        requestedAt: t.requestedAt,
        sharesFetchedAt: t.sharesFetchedAt,
        expiresAt: t.expiresAt,
      })
      .from(t)
      .where(
        and(
          inArray(t.clientId, ids),
          or(and(inArray(t.status, ["pending", "approved"]), gte(t.expiresAt, now)), isNotNull(t.sharesFetchedAt)),
        ),
      );
    return { value: rows, ...untilFirstLapse(rows, now.getTime()) };
  });
}
