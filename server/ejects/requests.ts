import "server-only";
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { ejectIneligibility } from "@/lib/ejects/eligibility";
import type { EjectRequestView } from "@/lib/ejects/views";
import type { StaffUser } from "@/server/auth/users";
import { getClient } from "@/server/clients/reads";
import { getDb, tables } from "@/server/db";
import { keptRead } from "@/server/db/kept-reads";
import { getEnv } from "@/server/env";
import { AppError, conflict } from "@/server/errors";
import { withEvidence } from "./evidence/store";
import { expireStale, toView, untilFirstLapse } from "./view";

export async function listEjectRequests(clientId: string): Promise<EjectRequestView[]> {
  // Kept between writes to the requests and their evidence, until the first open one lapses (it then
  // reads as expired): server/db/kept-reads.ts.
  return keptRead(["eject_requests", "eject_evidence"], `eject requests of ${clientId}`, async (db) => {
    const rows = await db
      .select()
      .from(tables.ejectRequests)
      .where(eq(tables.ejectRequests.clientId, clientId))
      .orderBy(desc(tables.ejectRequests.requestedAt));
    const now = new Date();
    const views = rows.map((row) => toView(row, now));
    return { value: await withEvidence(db, views), ...untilFirstLapse(views, now.getTime()) };
  });
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
  await expireStale(db);
  const t = tables.ejectRequests;
  const sameWallet = and(eq(t.clientId, input.clientId), eq(t.walletId, input.walletId));
  const [handedOut] = await db
    .select({ at: t.sharesFetchedAt })
    .from(t)
    .where(and(sameWallet, isNotNull(t.sharesFetchedAt)))
    .orderBy(asc(t.sharesFetchedAt))
    .limit(1);
  // Checked now, not after two people spent their time: managed backups, shares not handed out
  // yet, a completed backup (the form says the same before submit).
  const refusal = ejectIneligibility(client, wallet, handedOut?.at?.toISOString());
  if (refusal) throw new AppError(refusal.code, refusal.message, { walletId: refusal.field });
  const [open] = await db
    .select({ id: t.id, status: t.status })
    .from(t)
    .where(and(sameWallet, inArray(t.status, ["pending", "approved"])))
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
