import "server-only";
import { eq, sql } from "drizzle-orm";
import { findUserById } from "@/server/auth/users";
import { tables, type Db } from "@/server/db";
import { AppError, notFound } from "@/server/errors";
import { isLastActiveAdmin, refuseSelfLockout, removesAdmin, withAdminsLocked, type StaffChange } from "./rules";

/**
 * Changes a staff member's role or access. A change of role or a disable ends every session the
 * user has (their session version moves on), so it takes effect at once on every instance. The
 * last-admin check and the change run under the admins lock (one transaction), so concurrent
 * changes can never leave the console without an active admin.
 */
export async function updateStaffUser(db: Db, actorId: string, targetId: string, change: StaffChange) {
  return withAdminsLocked(db, async (tx) => {
    const target = await findUserById(tx, targetId);
    if (!target) throw notFound("That user");
    refuseSelfLockout(actorId, targetId, change);
    if (removesAdmin(target, change) && (await isLastActiveAdmin(tx, targetId)))
      throw new AppError("CONFLICT", "This is the last active admin; make someone else an admin first.");
    const roleChanges = change.role !== undefined && change.role !== target.role;
    const disables = change.disabled === true && !target.disabledAt;
    await tx
      .update(tables.users)
      .set({
        ...(change.role ? { role: change.role } : {}),
        ...(change.disabled !== undefined
          ? { disabledAt: change.disabled ? (target.disabledAt ?? new Date()) : null }
          : {}),
        ...(roleChanges || disables ? { sessionVersion: sql`${tables.users.sessionVersion} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(tables.users.id, targetId));
    return {
      id: targetId,
      email: target.email,
      role: change.role ?? target.role,
      disabled: change.disabled ?? target.disabledAt !== null,
      sessionsEnded: roleChanges || disables,
    };
  });
}

/** Ends every session of the user (sign-out everywhere). */
export async function endSessions(db: Db, userId: string) {
  await db
    .update(tables.users)
    .set({ sessionVersion: sql`${tables.users.sessionVersion} + 1` })
    .where(eq(tables.users.id, userId));
}
