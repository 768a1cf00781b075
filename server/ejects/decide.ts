import "server-only";
import { and, eq } from "drizzle-orm";
import { findUserById, type StaffUser } from "@/server/auth/users";
import { getDb, tables } from "@/server/db";
import { getEnv } from "@/server/env";
import { conflict, unauthenticated } from "@/server/errors";
import { checkApprover, checkPendingDecision } from "./rules";
import { loadRequest, toView } from "./view";

/**
 * The second pair of eyes. An approval starts a short clock of its own: the requester has
 * EJECT_APPROVED_TTL_MINUTES to open the window, or the approval lapses.
 */
export async function decideEjectRequest(
  requestId: string,
  decision: "approved" | "rejected",
  note: string | undefined,
  user: StaffUser,
  now = new Date(),
) {
  const db = await getDb();
  const row = await loadRequest(db, requestId);
  const approver = await findUserById(db, user.id);
  if (!approver) throw unauthenticated();
  checkApprover(row, approver);
  checkPendingDecision(row, now);
  const [updated] = await db
    .update(tables.ejectRequests)
    .set({
      status: decision,
      decidedById: user.id,
      decidedByEmail: user.email,
      decidedAt: now,
      decisionNote: note ?? null,
      ...(decision === "approved"
        ? { expiresAt: new Date(now.getTime() + getEnv().EJECT_APPROVED_TTL_MINUTES * 60_000) }
        : {}),
    })
    .where(and(eq(tables.ejectRequests.id, requestId), eq(tables.ejectRequests.status, "pending")))
    .returning();
  if (!updated) throw conflict("Someone else decided this request a moment ago.");
  return toView(updated);
}
