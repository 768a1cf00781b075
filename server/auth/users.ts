import "server-only";
import { eq } from "drizzle-orm";
import type { Role } from "@/lib/auth/permissions";
import { tables, type Db } from "@/server/db";

export type UserRow = typeof tables.users.$inferSelect;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(tables.users)
    .where(eq(tables.users.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(tables.users).where(eq(tables.users.id, id)).limit(1);
  return row;
}

/** A user as the rest of the console sees it: never the password hash. */
export interface StaffUser {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  /** Signed in with a generated password that must be replaced before anything else. */
  mustChangePassword: boolean;
}

export function toStaffUser(row: UserRow): StaffUser {
  return { id: row.id, email: row.email, name: row.name, role: row.role, mustChangePassword: row.mustChangePassword };
}
