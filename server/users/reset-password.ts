import "server-only";
import { eq, sql } from "drizzle-orm";
import { generatePassword, hashPassword } from "@/server/auth/password";
import { findUserById } from "@/server/auth/users";
import { tables, type Db } from "@/server/db";
import { conflict, notFound } from "@/server/errors";

/**
 * An admin's answer to a lost password: a new one-time password replaces the old one, the person must
 * choose their own at the next sign-in, every session they have ends (their session version moves on)
 * and the account's sign-in lock is lifted, so the new password works at once. Not for the admin's own
 * account (the account page changes it, with the current password) nor for a single-sign-on account,
 * which has no console password. The password is returned once, for the admin to hand over.
 */
export async function resetStaffPassword(db: Db, actorId: string, targetId: string) {
  if (actorId === targetId) throw conflict("Change your own password on the account page, with your current one.");
  const target = await findUserById(db, targetId);
  if (!target) throw notFound("That user");
  if (target.source === "sso")
    throw conflict(
      `${target.email} signs in with single sign-on and has no console password; their identity provider resets it.`,
    );
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(tables.users)
      .set({
        passwordHash,
        mustChangePassword: true,
        sessionVersion: sql`${tables.users.sessionVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(tables.users.id, targetId));
    await tx.delete(tables.rateLimits).where(eq(tables.rateLimits.key, `account:${targetId}`));
  });
  return { id: targetId, email: target.email, disabled: target.disabledAt !== null, generatedPassword: password };
}
