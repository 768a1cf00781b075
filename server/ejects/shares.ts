import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { StaffUser } from "@/server/auth/users";
import { getDb, tables } from "@/server/db";
import { AppError, conflict } from "@/server/errors";
import { getAdminClient } from "@/server/upstream";
import { ejectRefusal } from "./refusals";
import { checkRequester } from "./rules";
import { loadRequest, toView } from "./view";

/**
 * Fetches the backup shares for one download. Every check that does not need the upstream comes
 * first (the request is this client's, opened, inside its window, not fetched yet, fetched by its
 * requester); then the fetch is claimed in one statement, so a second fetch is refused by the
 * console itself; only then is the upstream asked. The shares are returned, never stored.
 */
export async function fetchEjectShares(
  input: { requestId: string; clientId: string; confirmClientId: string },
  user: StaffUser,
  now = new Date(),
) {
  const db = await getDb();
  const row = await loadRequest(db, input.requestId);
  if (row.clientId !== input.clientId) throw new AppError("NOT_FOUND", "This client has no such eject request.");
  if (input.confirmClientId.trim() !== row.clientId)
    throw new AppError("VALIDATION", "Type the client id exactly to confirm.", {
      confirmClientId: "Does not match the client id",
    });
  checkRequester(row, user, "download the backup shares");
  if (row.status !== "executed" || !row.ejectableUntil)
    throw conflict("The eject window has not been opened for this request.");
  if (row.ejectableUntil <= now)
    throw conflict(
      "The eject window has closed; the shares can no longer be fetched. Request a new eject if it is still needed.",
    );
  if (row.sharesFetchedAt)
    throw conflict(
      `The shares were already downloaded (${row.sharesFetchedAt.toISOString()}); they are handed out once.`,
    );
  const [claimed] = await db
    .update(tables.ejectRequests)
    .set({ sharesFetchedByEmail: user.email, sharesFetchedAt: now })
    .where(
      and(
        eq(tables.ejectRequests.id, row.id),
        eq(tables.ejectRequests.clientId, input.clientId),
        eq(tables.ejectRequests.status, "executed"),
        isNull(tables.ejectRequests.sharesFetchedAt),
        gt(tables.ejectRequests.ejectableUntil, now),
      ),
    )
    .returning();
  if (!claimed) throw conflict("The shares were downloaded a moment ago; they are handed out once.");
  try {
    const shares = await getAdminClient().clients.ejectableBackupShares(row.clientId, row.walletId);
    return { request: toView(claimed), shares };
  } catch (error) {
    // Nothing was handed out: release the claim so the requester can try again inside the window.
    await db
      .update(tables.ejectRequests)
      .set({ sharesFetchedByEmail: null, sharesFetchedAt: null })
      .where(eq(tables.ejectRequests.id, row.id));
    throw ejectRefusal(error, "fetch");
  }
}
