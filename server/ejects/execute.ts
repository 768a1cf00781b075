import "server-only";
import { and, eq, gt } from "drizzle-orm";
import type { StaffUser } from "@/server/auth/users";
import { getDb, tables } from "@/server/db";
import { conflict } from "@/server/errors";
import { getAdminClient } from "@/server/upstream";
import { ejectRefusal } from "./refusals";
import { checkRequester } from "./rules";
import { loadRequest, toView } from "./view";

/** Opens the eject window upstream (enable-eject) for an approved, unexpired request, by its requester. */
export async function executeEjectRequest(requestId: string, user: StaffUser, now = new Date()) {
  const db = await getDb();
  const row = await loadRequest(db, requestId);
  checkRequester(row, user, "open the eject window");
  if (row.status === "executed") throw conflict("This request was already executed.");
  if (row.status === "expired" || (row.status === "approved" && row.expiresAt <= now))
    throw conflict("The approval lapsed before the window was opened; ask for a new request.");
  if (row.status !== "approved")
    throw conflict(`Only an approved request can be executed (this one is ${row.status}).`);
  // Claim the request first, so two clicks (or two instances) cannot both open a window.
  const [claimed] = await db
    .update(tables.ejectRequests)
    .set({ status: "executed", executedByEmail: user.email, executedAt: now })
    .where(
      and(
        eq(tables.ejectRequests.id, requestId),
        eq(tables.ejectRequests.status, "approved"),
        gt(tables.ejectRequests.expiresAt, now),
      ),
    )
    .returning();
  if (!claimed) throw conflict("This request changed a moment ago; reload it.");
  const until = new Date(now.getTime() + row.windowMinutes * 60_000);
  let ejectableUntil: string;
  try {
    ({ ejectableUntil } = await getAdminClient().clients.enableEject(row.clientId, {
      walletId: row.walletId,
      ejectableUntil: until.toISOString(),
    }));
  } catch (error) {
    // Nothing was opened: the request goes back to approved, to be tried again while the approval lasts.
    await db
      .update(tables.ejectRequests)
      .set({ status: "approved", executedByEmail: null, executedAt: null })
      .where(eq(tables.ejectRequests.id, requestId));
    // In staff words: the upstream's own text names API paths and fields.
    throw ejectRefusal(error, "open");
  }
  const [updated] = await db
    .update(tables.ejectRequests)
    .set({ ejectableUntil: new Date(ejectableUntil) })
    .where(eq(tables.ejectRequests.id, requestId))
    .returning();
  return toView(updated ?? claimed);
}
