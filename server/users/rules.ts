import "server-only";
import { and, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { Role } from "@/lib/auth/permissions";
import { tables, type Db } from "@/server/db";
import { AppError } from "@/server/errors";

// Serializes every change that can take an admin away, across console instances.
const ADMINS_LOCK = 7_245_003;

/**
 * Runs `fn` in one transaction that holds the admins lock, so "is this the last active admin?" and
 * the change that follows are one step: two admins taking each other's admin away at the same
 * time are decided one after the other, and the second one sees the first.
 */
export function withAdminsLocked<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMINS_LOCK})`);
    return fn(tx);
  });
}

/** Whether `userId` is the only active admin: then nothing may take that away (or nobody could manage staff). */
export async function isLastActiveAdmin(db: Db, userId: string): Promise<boolean> {
  const [target] = await db.select().from(tables.users).where(eq(tables.users.id, userId)).limit(1);
  if (!target || target.role !== "admin" || target.disabledAt) return false;
  const [others] = await db
    .select({ n: count() })
    .from(tables.users)
    .where(and(eq(tables.users.role, "admin"), isNull(tables.users.disabledAt), ne(tables.users.id, userId)));
  return (others?.n ?? 0) === 0;
}

export interface StaffChange {
  role?: Role;
  disabled?: boolean;
}

/** A change takes an admin away when it disables one or gives one another role. */
export function removesAdmin(target: { role: Role; disabledAt: Date | null }, change: StaffChange): boolean {
  if (target.role !== "admin" || target.disabledAt) return false;
  return change.disabled === true || (change.role !== undefined && change.role !== "admin");
}

/** Staff cannot lock themselves out: no disabling one's own account, no dropping one's own admin role. */
export function refuseSelfLockout(actorId: string, targetId: string, change: StaffChange) {
  if (actorId !== targetId) return;
  if (change.disabled === true || (change.role !== undefined && change.role !== "admin"))
    throw new AppError("CONFLICT", "You cannot disable your own account or remove your own admin role.");
}
