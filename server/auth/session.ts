import "server-only";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { can, PERMISSION_LABELS, type Permission } from "@/lib/auth/permissions";
import { getDb } from "@/server/db";
import { getEnv } from "@/server/env";
import { AppError, forbidden, unauthenticated } from "@/server/errors";
import { authOptions } from "./options";
import { findUserById, toStaffUser, type StaffUser } from "./users";

interface ConsoleSession {
  user?: { id?: string };
  sessionVersion?: number;
  authTime?: number;
}

/**
 * The signed-in staff member, read fresh from the database on every request: a disabled account, a
 * changed role or a sign-out elsewhere (each moves the user's session version on) takes effect on
 * the next request, not when the cookie expires; and no session outlives its absolute lifetime.
 * Within one server render (the layout, the page and its cards) it is read once (React's cache);
 * elsewhere each call reads again.
 */
export const currentUser = cache(readCurrentUser);

async function readCurrentUser(): Promise<StaffUser | null> {
  const session = (await getServerSession(authOptions())) as ConsoleSession | null;
  const id = session?.user?.id;
  if (!id) return null;
  const maxSeconds = getEnv().CONSOLE_SESSION_MAX_HOURS * 3600;
  if (typeof session.authTime !== "number" || Date.now() / 1000 - session.authTime > maxSeconds) return null;
  const row = await findUserById(await getDb(), id);
  if (!row || row.disabledAt || row.sessionVersion !== session.sessionVersion) return null;
  return toStaffUser(row);
}

export interface AuthorizeOptions {
  /** For changing one's own password: the one thing a user with a generated password may do. */
  allowPendingPasswordChange?: boolean;
}

/** A permission of the matrix, or "signed-in" for what every staff member may do to their own account. */
export type Requirement = Permission | "signed-in";

/** For actions and route handlers: the user, or an AppError (UNAUTHENTICATED / FORBIDDEN). */
export async function authorize(requirement: Requirement, options: AuthorizeOptions = {}): Promise<StaffUser> {
  const user = await currentUser();
  if (!user) throw unauthenticated();
  if (user.mustChangePassword && !options.allowPendingPasswordChange)
    throw new AppError("FORBIDDEN", "Choose a new password first: the one you signed in with was generated.");
  if (requirement !== "signed-in" && !can(user.role, requirement)) throw forbidden(describePermission(requirement));
  return user;
}

/** For pages: the user, or a redirect to sign-in (back to `from` afterwards), or to the password change. */
export async function requireUser(from?: string, options: AuthorizeOptions = {}): Promise<StaffUser> {
  const user = await currentUser();
  const back = from ? `?callbackUrl=${encodeURIComponent(from)}` : "";
  if (!user) redirect(`/signin${back}`);
  if (user.mustChangePassword && !options.allowPendingPasswordChange) redirect(`/account/password${back}`);
  return user;
}

/** A permission in staff's words ("approving key ejections"), for refusals: never its id. */
export function describePermission(permission: Permission): string {
  return PERMISSION_LABELS[permission];
}
