import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { getEnv } from "@/server/env";
import { getDb, tables } from "@/server/db";
import { AppError, conflict } from "@/server/errors";
import type { StaffUser } from "@/server/auth/users";
import type { EjectRequestView } from "@/lib/clients";
import { getClient } from "@/server/clients/reads";
import { expireStale, toView } from "./view";

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
  // Checked now, not after two people spent their time: the upstream can only hand out backup
  // shares of a wallet whose backup was completed.
  if (!wallet.backupSharePairs.some((pair) => pair.status === "completed"))
    throw new AppError(
      "VALIDATION",
      wallet.backupSharePairs.length === 0
        ? "This wallet cannot be ejected: the client never backed it up, so there are no backup shares to hand out."
        : "This wallet cannot be ejected yet: the client started a backup but did not complete it.",
      { walletId: "This wallet has no completed backup" },
    );
  const db = await getDb();
  await expireStale(db);
  const [open] = await db
    .select({ id: tables.ejectRequests.id, status: tables.ejectRequests.status })
    .from(tables.ejectRequests)
    .where(
      and(
        eq(tables.ejectRequests.clientId, input.clientId),
        eq(tables.ejectRequests.walletId, input.walletId),
        inArray(tables.ejectRequests.status, ["pending", "approved"]),
      ),
    )
    .limit(1);
  if (open)
    throw conflict(`This wallet already has an eject request that is ${open.status}; decide or withdraw it first.`);
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
