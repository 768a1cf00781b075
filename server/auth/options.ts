import "server-only";
import { type AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { getEnv } from "@/server/env";
import { getDb, tables } from "@/server/db";
import { appendAuditSafely } from "@/server/audit/append";
import { logger } from "@/server/log";
import { clientIp } from "@/server/request-context";
import { isRole } from "@/lib/permissions";
import { dummyHash, verifyPassword } from "./password";
import { clearFailures, lockedUntil, registerFailure } from "./rate-limit";
import { findUserByEmail, findUserById, normalizeEmail } from "./users";
import { parseRoleEmails, roleFromOidc } from "./oidc";

// next-auth v4 derives its own URL from NEXTAUTH_URL or, with this set, from the request's host.
process.env.AUTH_TRUST_HOST ??= "true";

/** Codes the sign-in page turns into words; nothing else about the failure reaches the browser. */
export const SIGN_IN_ERRORS = { invalid: "INVALID_CREDENTIALS", locked: "LOCKED", disabled: "DISABLED" } as const;

const credentialsSchema = z.object({ email: z.string().trim().min(3).max(320), password: z.string().min(1).max(200) });

type Headers = Record<string, string | string[] | undefined>;

function headerGetter(h: Headers | undefined) {
  return {
    get: (name: string) => {
      const v = h?.[name];
      return (Array.isArray(v) ? v[0] : v) ?? null;
    },
  };
}

async function authorizeCredentials(raw: unknown, headers: Headers | undefined) {
  const env = getEnv();
  const db = await getDb();
  const ip = clientIp(headerGetter(headers));
  const requestId = headerGetter(headers).get("x-request-id");
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(SIGN_IN_ERRORS.invalid);
  const email = normalizeEmail(parsed.data.email);
  const accountKey = `account:${email}`;
  const addressKey = `address:${ip ?? "unknown"}`;
  const fail = async (code: string, message: string, actor?: { id: string; role: string }) => {
    await appendAuditSafely({
      actor: { id: actor?.id ?? null, email, role: actor?.role ?? null },
      action: "auth.sign-in-failed",
      target: email,
      outcome: "error",
      errorCode: code,
      errorMessage: message,
      requestId,
      ip,
    });
    return new Error(code);
  };

  const now = new Date();
  const [accountLock, addressLock] = await Promise.all([
    lockedUntil(db, accountKey, now),
    lockedUntil(db, addressKey, now),
  ]);
  if (accountLock || addressLock) {
    const until = [accountLock, addressLock].filter((d): d is Date => d !== null).sort((a, b) => +b - +a)[0];
    throw await fail(SIGN_IN_ERRORS.locked, `Locked out until ${until?.toISOString()}`);
  }

  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(parsed.data.password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !valid) {
    const [account, address] = await Promise.all([
      registerFailure(
        db,
        accountKey,
        { limit: env.CONSOLE_SIGNIN_ACCOUNT_LIMIT, lockMinutes: env.CONSOLE_SIGNIN_LOCK_MINUTES },
        now,
      ),
      registerFailure(
        db,
        addressKey,
        { limit: env.CONSOLE_SIGNIN_ADDRESS_LIMIT, lockMinutes: env.CONSOLE_SIGNIN_LOCK_MINUTES },
        now,
      ),
    ]);
    const locked = account.locked || address.locked;
    throw await fail(
      locked ? SIGN_IN_ERRORS.locked : SIGN_IN_ERRORS.invalid,
      locked ? "Wrong e-mail or password; locked out" : "Wrong e-mail or password",
      user ? { id: user.id, role: user.role } : undefined,
    );
  }
  if (user.disabledAt) throw await fail(SIGN_IN_ERRORS.disabled, "Account disabled", { id: user.id, role: user.role });

  await clearFailures(db, accountKey);
  await db.update(tables.users).set({ lastSignInAt: now }).where(eq(tables.users.id, user.id));
  await appendAuditSafely({
    actor: { id: user.id, email: user.email, role: user.role },
    action: "auth.sign-in",
    target: user.email,
    outcome: "ok",
    input: { method: "password" },
    requestId,
    ip,
  });
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

let cached: AuthOptions | undefined;

export function authOptions(): AuthOptions {
  if (cached) return cached;
  const env = getEnv();
  const providers: AuthOptions["providers"] = [
    CredentialsProvider({
      id: "credentials",
      name: "E-mail and password",
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: (credentials, req) => authorizeCredentials(credentials, req?.headers as Headers | undefined),
    }),
  ];
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    providers.push({
      id: "oidc",
      name: env.OIDC_NAME,
      type: "oauth",
      wellKnown: `${env.OIDC_ISSUER}/.well-known/openid-configuration`,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      authorization: { params: { scope: "openid email profile" } },
      idToken: true,
      checks: ["pkce", "state"],
      profile(profile: Record<string, unknown>) {
        return {
          id: String(profile.sub),
          email: String(profile.email ?? ""),
          name: typeof profile.name === "string" ? profile.name : null,
          oidcProfile: profile,
        };
      },
    });
  }
  const roleEmails = parseRoleEmails(env.OIDC_ROLE_EMAILS);

  cached = {
    secret: env.AUTH_SECRET,
    providers,
    pages: { signIn: "/signin", error: "/signin" },
    // The JWT is re-issued on every session read, so maxAge works as an idle timeout.
    session: { strategy: "jwt", maxAge: env.CONSOLE_SESSION_IDLE_MINUTES * 60 },
    jwt: { maxAge: env.CONSOLE_SESSION_IDLE_MINUTES * 60 },
    callbacks: {
      async signIn({ user, account, profile }) {
        if (account?.provider !== "oidc") return true;
        // SSO users get the role their identity provider (or the e-mail list) gives them, or no access.
        const role = roleFromOidc((profile ?? {}) as Record<string, unknown>, {
          claim: env.OIDC_ROLE_CLAIM,
          emails: roleEmails,
        });
        const email = normalizeEmail(user.email ?? "");
        if (!role || !email) {
          await appendAuditSafely({
            actor: { id: null, email, role: null },
            action: "auth.sign-in-failed",
            target: email,
            outcome: "error",
            errorCode: "NO_ROLE",
            errorMessage: "SSO user has no console role",
          });
          return `/signin?error=NoRole`;
        }
        const db = await getDb();
        const existing = await findUserByEmail(db, email);
        if (existing?.disabledAt) return `/signin?error=${SIGN_IN_ERRORS.disabled}`;
        const [row] = existing
          ? await db
              .update(tables.users)
              .set({ role, lastSignInAt: new Date(), updatedAt: new Date() })
              .where(eq(tables.users.id, existing.id))
              .returning()
          : await db
              .insert(tables.users)
              .values({ email, name: user.name ?? null, role, source: "sso", lastSignInAt: new Date() })
              .returning();
        if (!row) return false;
        user.id = row.id;
        (user as { role?: string }).role = role;
        await appendAuditSafely({
          actor: { id: row.id, email, role },
          action: "auth.sign-in",
          target: email,
          outcome: "ok",
          input: { method: "oidc" },
        });
        return true;
      },
      async jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.role = (user as { role?: string }).role;
          token.email = user.email;
        }
        return token;
      },
      async session({ session, token }) {
        return {
          ...session,
          user: {
            id: token.sub ?? "",
            email: token.email ?? "",
            name: session.user?.name ?? null,
            role: isRole(token.role) ? token.role : undefined,
          },
        };
      },
    },
    events: {
      async signOut({ token }) {
        const db = await getDb();
        const user = token?.sub ? await findUserById(db, token.sub) : undefined;
        await appendAuditSafely({
          actor: { id: user?.id ?? token?.sub ?? null, email: user?.email ?? null, role: user?.role ?? null },
          action: "auth.sign-out",
          target: user?.email ?? null,
          outcome: "ok",
        });
      },
    },
    logger: {
      error: (code, metadata) =>
        logger.error(
          { code, metadata: metadata instanceof Error ? { message: metadata.message } : undefined },
          "next-auth error",
        ),
      warn: (code) => logger.warn({ code }, "next-auth warning"),
      debug: () => {},
    },
  };
  return cached;
}
