import "server-only";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { getDb, tables } from "@/server/db";
import { findUserById, type StaffUser } from "@/server/auth/users";
import type { EjectRequestView, EjectSummary } from "@/lib/clients";
import type { Client } from "@/lib/contracts";
import { expireStale, toView } from "./view";

/**
 * Requests waiting for this user's approval, across clients: pending, not theirs, made after their
 * account existed and not by whoever created their account (the same rules the approval enforces,
 * so the inbox never offers what would be refused).
 */
export async function awaitingApproval(user: StaffUser): Promise<EjectRequestView[]> {
  const db = await getDb();
  await expireStale(db);
  const me = await findUserById(db, user.id);
  if (!me) return [];
  const t = tables.ejectRequests;
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.status, "pending"),
        ne(t.requestedById, me.id),
        gt(t.requestedAt, me.createdAt),
        me.createdBy ? ne(t.requestedById, me.createdBy) : undefined,
      ),
    )
    .orderBy(asc(t.expiresAt));
  return rows.map(toView);
}

/** The user's own requests that still need something from them (approved: open the window). */
export async function myOpenRequests(user: StaffUser): Promise<EjectRequestView[]> {
  const db = await getDb();
  await expireStale(db);
  const t = tables.ejectRequests;
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.requestedById, user.id),
        or(inArray(t.status, ["pending", "approved"]), and(eq(t.status, "executed"), isNull(t.sharesFetchedAt))),
      ),
    )
    .orderBy(desc(t.requestedAt));
  return rows.map(toView);
}

export async function countAwaitingApproval(user: StaffUser): Promise<number> {
  return (await awaitingApproval(user)).length;
}

/**
 * The Eject column of the clients list: what the upstream says (ejected, a window open until …)
 * or shares the console handed out (ejected) win over the console's request state (approved, pending).
 */
export async function ejectSummaries(clients: Client[], now = new Date()): Promise<Record<string, EjectSummary>> {
  const out: Record<string, EjectSummary> = {};
  const ids = clients.map((c) => c.id);
  const requests = new Map<string, { id: string; status: string }>();
  const handedOut = new Map<string, Date>();
  if (ids.length > 0) {
    const db = await getDb();
    await expireStale(db, now);
    const t = tables.ejectRequests;
    const rows = await db
      .select({ id: t.id, clientId: t.clientId, status: t.status, sharesFetchedAt: t.sharesFetchedAt })
      .from(t)
      .where(
        and(inArray(t.clientId, ids), or(inArray(t.status, ["pending", "approved"]), isNotNull(t.sharesFetchedAt))),
      )
      .orderBy(sql`case when ${t.status} = 'approved' then 0 else 1 end`, desc(t.requestedAt));
    for (const row of rows) {
      if (row.sharesFetchedAt) {
        if (!handedOut.has(row.clientId)) handedOut.set(row.clientId, row.sharesFetchedAt);
      } else if (!requests.has(row.clientId)) requests.set(row.clientId, row);
    }
  }
  for (const client of clients) {
    const until = client.wallets
      .map((w) => w.ejectableUntil)
      .filter((u): u is string => !!u && new Date(u) > now)
      .sort()
      .at(-1);
    const request = requests.get(client.id);
    // Backup shares handed out through the console mean the wallet left MPC protection, whatever
    // the upstream's window says now.
    const fetched = handedOut.get(client.id);
    out[client.id] = client.ejectedAt
      ? { state: "ejected", at: client.ejectedAt }
      : fetched
        ? { state: "ejected", at: fetched.toISOString() }
        : until
          ? { state: "open", until }
          : request?.status === "approved"
            ? { state: "approved", requestId: request.id }
            : request?.status === "pending"
              ? { state: "pending", requestId: request.id }
              : { state: "none" };
  }
  return out;
}
