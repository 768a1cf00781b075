import "server-only";
import { and, eq } from "drizzle-orm";
import type { Role } from "@/lib/auth/permissions";
import { tables, type Db } from "@/server/db";
import { isLastActiveAdmin, withAdminsLocked } from "@/server/users/rules";
import { findUserById, normalizeEmail, type UserRow } from "./users";

export type SsoRefusal = "NO_ROLE" | "EMAIL_UNVERIFIED" | "EMAIL_TAKEN" | "DISABLED" | "NO_SUBJECT";

export type SsoOutcome =
  { ok: true; user: UserRow; created: boolean; roleKept: boolean } | { ok: false; code: SsoRefusal; email: string };

/**
 * The console account of an SSO sign-in. An identity is linked by its issuer and `sub`, which the
 * identity provider never reassigns; an e-mail address is only a label. So:
 * - a local (password) account with the same e-mail is never taken over: the sign-in is refused
 *   until an admin resolves it, because whoever controls that address at the provider is not
 *   necessarily the staff member who owns the account;
 * - the provider must say the e-mail is verified;
 * - the role follows the provider's mapping on every sign-in, except that a mapping never takes
 *   the role away from the last active admin (the console would be left with nobody to manage it).
 */
export async function signInWithSso(
  db: Db,
  identity: { issuer: string; profile: Record<string, unknown>; role: Role | null },
): Promise<SsoOutcome> {
  const { issuer, profile, role } = identity;
  const email = normalizeEmail(typeof profile.email === "string" ? profile.email : "");
  const subject = typeof profile.sub === "string" ? profile.sub : "";
  if (!subject) return { ok: false, code: "NO_SUBJECT", email };
  if (!role) return { ok: false, code: "NO_ROLE", email };
  if (profile.email_verified !== true || !email) return { ok: false, code: "EMAIL_UNVERIFIED", email };
  const name = typeof profile.name === "string" ? profile.name.slice(0, 120) : null;

  const [linked] = await db
    .select()
    .from(tables.users)
    .where(and(eq(tables.users.ssoIssuer, issuer), eq(tables.users.ssoSubject, subject)))
    .limit(1);
  if (linked) {
    if (linked.disabledAt) return { ok: false, code: "DISABLED", email };
    // Under the admins lock, like every change that can take an admin away (server/users/rules.ts),
    // judged on the role as it is now.
    return withAdminsLocked(db, async (tx) => {
      const current = (await findUserById(tx, linked.id)) ?? linked;
      const demotes = current.role === "admin" && !current.disabledAt && role !== "admin";
      const roleKept = demotes && (await isLastActiveAdmin(tx, linked.id));
      const nextRole = roleKept ? current.role : role;
      const [row] = await tx
        .update(tables.users)
        .set({ role: nextRole, lastSignInAt: new Date(), updatedAt: new Date() })
        .where(eq(tables.users.id, linked.id))
        .returning();
      return { ok: true, user: row ?? linked, created: false, roleKept } as const;
    });
  }

  const [sameEmail] = await db.select().from(tables.users).where(eq(tables.users.email, email)).limit(1);
  if (sameEmail) return { ok: false, code: "EMAIL_TAKEN", email };
  const [created] = await db
    .insert(tables.users)
    .values({ email, name, role, source: "sso", ssoIssuer: issuer, ssoSubject: subject, lastSignInAt: new Date() })
    .onConflictDoNothing()
    .returning();
  if (!created) return { ok: false, code: "EMAIL_TAKEN", email };
  return { ok: true, user: created, created: true, roleKept: false };
}
