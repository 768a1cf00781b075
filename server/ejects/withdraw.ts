import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { StaffUser } from "@/server/auth/users";
import { getDb, tables } from "@/server/db";
import { conflict } from "@/server/errors";
import { checkRequester } from "./rules";
import { loadRequest, toView } from "./view";

/** The requester changed their mind: a request nobody acted on yet (pending or approved) is withdrawn. */
export async function withdrawEjectRequest(requestId: string, user: StaffUser) {
  const db = await getDb();
  const row = await loadRequest(db, requestId);
  checkRequester(row, user, "withdraw it");
  if (row.status !== "pending" && row.status !== "approved")
    throw conflict(`Only a pending or approved request can be withdrawn (this one is ${row.status}).`);
  const [updated] = await db
    .update(tables.ejectRequests)
    .set({ status: "withdrawn", decidedAt: row.decidedAt ?? new Date() })
    .where(and(eq(tables.ejectRequests.id, requestId), inArray(tables.ejectRequests.status, ["pending", "approved"])))
    .returning();
  if (!updated) throw conflict("This request changed a moment ago; reload it.");
  return toView(updated);
}
