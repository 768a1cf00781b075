import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { getDb } from "@/server/db";
import { can, type Permission } from "@/lib/permissions";
import { forbidden, unauthenticated } from "@/server/errors";
import { authOptions } from "./options";
import { findUserById, toStaffUser, type StaffUser } from "./users";

/**
 * The signed-in staff member, read fresh from the database on every call: a disabled account or a
 * changed role takes effect on the next request, not when the session cookie expires.
 */
export async function currentUser(): Promise<StaffUser | null> {
  const session = await getServerSession(authOptions());
  const id = (session?.user as { id?: string } | undefined)?.id;
  if (!id) return null;
  const row = await findUserById(await getDb(), id);
  if (!row || row.disabledAt) return null;
  return toStaffUser(row);
}

/** For actions and route handlers: the user, or an AppError (UNAUTHENTICATED / FORBIDDEN). */
export async function authorize(permission: Permission): Promise<StaffUser> {
  const user = await currentUser();
  if (!user) throw unauthenticated();
  if (!can(user.role, permission)) throw forbidden(describePermission(permission));
  return user;
}

/** For pages: the user, or a redirect to sign-in (back to `from` afterwards). */
export async function requireUser(from?: string): Promise<StaffUser> {
  const user = await currentUser();
  if (!user) redirect(from ? `/signin?callbackUrl=${encodeURIComponent(from)}` : "/signin");
  return user;
}

export function describePermission(permission: Permission): string {
  const [area, verb] = permission.split(":");
  return `${verb?.replace("-", " ")} on ${area}`;
}
