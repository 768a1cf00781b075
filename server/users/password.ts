import "server-only";
import { rm } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import type { Attempt } from "@/server/auth/rate-limit";
import { findUserById } from "@/server/auth/users";
import { tables, type Db } from "@/server/db";
import { getEnv } from "@/server/env";
import { AppError } from "@/server/errors";
import { passwordCheckFailed, passwordCheckPassed } from "./password-check";

export const FIRST_ADMIN_FILE = "first-admin.txt";

/**
 * Replaces a user's own password after checking the current one, a check `attempt` was counted for
 * (./password-check.ts). Every session the user has ends (the browser signs in again with the new
 * password at once); the first admin's generated-password file is deleted, its job done.
 */
export async function changeOwnPassword(db: Db, userId: string, current: string, next: string, attempt: Attempt) {
  const user = await findUserById(db, userId);
  if (!user?.passwordHash)
    throw new AppError("CONFLICT", "This account signs in through SSO; it has no password here.");
  if (!(await verifyPassword(current, user.passwordHash))) throw await passwordCheckFailed(db, userId, attempt);
  await passwordCheckPassed(db, userId);
  await db
    .update(tables.users)
    .set({
      passwordHash: await hashPassword(next),
      mustChangePassword: false,
      sessionVersion: sql`${tables.users.sessionVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(tables.users.id, userId));
  if (user.source === "bootstrap") await rm(path.join(getEnv().CONSOLE_DATA_DIR, FIRST_ADMIN_FILE), { force: true });
  return { email: user.email };
}
