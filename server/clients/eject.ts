import "server-only";
import { and, desc, eq, lt } from "drizzle-orm";
import { getEnv } from "@/server/env";
import { getDb, tables, type Db } from "@/server/db";
import { AppError, conflict, notFound } from "@/server/errors";
import { getAdminClient } from "@/server/upstream";
import { isUpstreamErrorOf } from "@/server/upstream/errors";
import type { StaffUser } from "@/server/auth/users";
import type { EjectRequestView } from "@/lib/clients";
import { getClient } from "./reads";

type Row = typeof tables.ejectRequests.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toView(row: Row): EjectRequestView {
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

/** Pending requests nobody decided in time lapse; done on read so no timer has to run. */
async function expireStale(db: Db, now = new Date()) {
  await db
    .update(tables.ejectRequests)
    .set({ status: "expired" })
    .where(and(eq(tables.ejectRequests.status, "pending"), lt(tables.ejectRequests.expiresAt, now)));
}

export async function listEjectRequests(clientId: string): Promise<EjectRequestView[]> {
  const db = await getDb();
  await expireStale(db);
  const rows = await db
    .select()
    .from(tables.ejectRequests)
    .where(eq(tables.ejectRequests.clientId, clientId))
    .orderBy(desc(tables.ejectRequests.requestedAt));
  return rows.map(toView);
}

async function load(db: Db, requestId: string): Promise<Row> {
  await expireStale(db);
  const [row] = await db.select().from(tables.ejectRequests).where(eq(tables.ejectRequests.id, requestId)).limit(1);
  if (!row) throw notFound("That eject request");
  return row;
}

export async function createEjectRequest(
  input: { clientId: string; walletId: string; reason: string; ticket: string; windowMinutes: number },
  user: StaffUser,
) {
  const client = await getClient(input.clientId);
  const wallet = client.wallets.find((w) => w.id === input.walletId);
  if (!wallet)
    throw new AppError("VALIDATION", "That wallet does not belong to this client.", {
      walletId: "Choose one of the client's wallets",
    });
  if (client.ejectedAt) throw conflict("This client was already ejected.");
  const db = await getDb();
  const [row] = await db
    .insert(tables.ejectRequests)
    .values({
      clientId: input.clientId,
      walletId: input.walletId,
      curve: wallet.curve,
      reason: input.reason,
      ticket: input.ticket,
      windowMinutes: input.windowMinutes,
      requestedById: user.id,
      requestedByEmail: user.email,
      expiresAt: new Date(Date.now() + getEnv().EJECT_APPROVAL_TTL_HOURS * 3_600_000),
    })
    .returning();
  if (!row) throw new Error("eject request insert returned no row");
  return toView(row);
}

/** The second pair of eyes: never the requester, only while the request is pending and unexpired. */
export async function decideEjectRequest(
  requestId: string,
  decision: "approved" | "rejected",
  note: string | undefined,
  user: StaffUser,
) {
  const db = await getDb();
  const row = await load(db, requestId);
  if (row.requestedById === user.id)
    throw new AppError(
      "FORBIDDEN",
      "You cannot decide your own eject request; another staff member must approve or reject it.",
    );
  if (row.status === "expired") throw conflict("This request expired before anyone decided; ask for a new one.");
  if (row.status !== "pending") throw conflict(`This request is already ${row.status}.`);
  const [updated] = await db
    .update(tables.ejectRequests)
    .set({
      status: decision,
      decidedById: user.id,
      decidedByEmail: user.email,
      decidedAt: new Date(),
      decisionNote: note ?? null,
    })
    .where(and(eq(tables.ejectRequests.id, requestId), eq(tables.ejectRequests.status, "pending")))
    .returning();
  if (!updated) throw conflict("Someone else decided this request a moment ago.");
  return toView(updated);
}

export async function executeEjectRequest(requestId: string, user: StaffUser) {
  const db = await getDb();
  const row = await load(db, requestId);
  if (row.status !== "approved")
    throw conflict(
      row.status === "executed"
        ? "This request was already executed."
        : `Only an approved request can be executed (this one is ${row.status}).`,
    );
  const until = new Date(Date.now() + row.windowMinutes * 60_000);
  let ejectableUntil: string;
  try {
    ejectableUntil = (
      await getAdminClient().clients.enableEject(row.clientId, {
        walletId: row.walletId,
        ejectableUntil: until.toISOString(),
      })
    ).ejectableUntil;
  } catch (error) {
    if (isUpstreamErrorOf(error, "BadRequestError"))
      throw new AppError(
        "VALIDATION",
        `The upstream refused to open the eject window: ${error.upstreamMessage ?? "no reason given"}. Ejection needs managed backups for the custodian and a backup of this wallet.`,
        undefined,
        { cause: error },
      );
    throw error;
  }
  const [updated] = await db
    .update(tables.ejectRequests)
    .set({
      status: "executed",
      executedByEmail: user.email,
      executedAt: new Date(),
      ejectableUntil: new Date(ejectableUntil),
    })
    .where(and(eq(tables.ejectRequests.id, requestId), eq(tables.ejectRequests.status, "approved")))
    .returning();
  if (!updated) throw conflict("This request changed while it was being executed.");
  return toView(updated);
}

/** Fetches the shares for one download. They are returned to the caller and never stored here. */
export async function fetchEjectShares(requestId: string, confirmClientId: string, user: StaffUser, now = new Date()) {
  const db = await getDb();
  const row = await load(db, requestId);
  if (confirmClientId.trim() !== row.clientId)
    throw new AppError("VALIDATION", "Type the client id exactly to confirm.", {
      confirmClientId: "Does not match the client id",
    });
  if (row.status !== "executed" || !row.ejectableUntil)
    throw conflict("The eject window has not been opened for this request.");
  if (row.ejectableUntil <= now)
    throw conflict(
      "The eject window has closed; the shares can no longer be fetched. Request a new eject if it is still needed.",
    );
  let shares;
  try {
    shares = await getAdminClient().clients.ejectableBackupShares(row.clientId, row.walletId);
  } catch (error) {
    if (isUpstreamErrorOf(error, "BadRequestError"))
      throw new AppError(
        "CONFLICT",
        `The upstream refused: ${error.upstreamMessage ?? "no reason given"}. The window may have closed or the shares were already fetched.`,
        undefined,
        { cause: error },
      );
    throw error;
  }
  await db
    .update(tables.ejectRequests)
    .set({ sharesFetchedByEmail: user.email, sharesFetchedAt: now })
    .where(eq(tables.ejectRequests.id, requestId));
  return { request: toView(row), shares };
}
