import "server-only";
import { type AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { isRole } from "@/lib/auth/permissions";
import { safeCallbackPath } from "@/lib/auth/safe-redirect";
import { appendAuditSafely } from "@/server/audit/append";
import { getDb } from "@/server/db";
import { getEnv } from "@/server/env";
import { logger } from "@/server/log";
import { clientIp, requestContext } from "@/server/request-context";
import { endSessions } from "@/server/users/update";
import { signInWithPassword } from "./credentials";
import { readDeviceTokens } from "./device-cookie";
import { offerDeviceCookie } from "./device-cookie-route";
import { decodeSessionJwt, encodeSessionJwt } from "./jwt-codec";
import { parseRoleEmails, roleFromOidc } from "./oidc";
import { completeSsoSignIn } from "./sso-sign-in";
import { findUserById } from "./users";

// next-auth v4 derives its own URL from NEXTAUTH_URL or, with this set, from the request's host.
process.env.AUTH_TRUST_HOST ??= "true";

type Headers = Record<string, string | string[] | undefined>;

function headerGetter(h: Headers | undefined) {
  return {
    get: (name: string) => {
      const v = h?.[name];
      return (Array.isArray(v) ? v[0] : v) ?? null;
    },
  };
}

/** What the session cookie carries beyond next-auth's own fields. */
export interface ConsoleToken {
  sub?: string;
  role?: string;
  email?: string | null;
  /** The user's session version when the session was issued; a later bump ends it. */
  sv?: number;
  /** Sign-in time (Unix seconds); the session ends CONSOLE_SESSION_MAX_HOURS after it. */
  authTime?: number;
  /** When the token expires (Unix seconds): next-auth sets it at each issue, idle minutes ahead. */
  exp?: number;
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
      authorize: async (credentials, req) => {
        const headers = headerGetter(req?.headers as Headers | undefined);
        const { user, deviceCookie } = await signInWithPassword(credentials, {
          ip: clientIp(headers),
          requestId: headers.get("x-request-id"),
          deviceTokens: readDeviceTokens(headers.get("cookie")),
        });
        // The route handler sets it on the answer that issues the session (./device-cookie-route.ts).
        offerDeviceCookie(deviceCookie);
        return user;
      },
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
        };
      },
    });
  }
  const roleEmails = parseRoleEmails(env.OIDC_ROLE_EMAILS);

  cached = {
    secret: env.AUTH_SECRET,
    providers,
    pages: { signIn: "/signin", error: "/signin" },
    // The JWT is re-issued on every session read, so maxAge works as an idle timeout; the absolute
    // lifetime is checked against authTime by every request (server/auth/session.ts).
    session: { strategy: "jwt", maxAge: env.CONSOLE_SESSION_IDLE_MINUTES * 60 },
    // next-auth's token format, with the derived key kept rather than derived on every read (./jwt-codec.ts).
    jwt: { maxAge: env.CONSOLE_SESSION_IDLE_MINUTES * 60, encode: encodeSessionJwt, decode: decodeSessionJwt },
    callbacks: {
      async signIn({ user, account, profile }) {
        if (account?.provider !== "oidc") return true;
        const claims = (profile ?? {}) as Record<string, unknown>;
        const role = roleFromOidc(claims, { claim: env.OIDC_ROLE_CLAIM, emails: roleEmails });
        const identity = { issuer: env.OIDC_ISSUER ?? "", profile: claims, role };
        const outcome = await completeSsoSignIn(await getDb(), identity, await requestContext());
        if (!outcome.ok) return `/signin?error=${outcome.code}`;
        user.id = outcome.user.id;
        Object.assign(user, { role: outcome.user.role, sessionVersion: outcome.user.sessionVersion });
        return true;
      },
      async jwt({ token, user }) {
        if (user) {
          const t = token as ConsoleToken;
          t.sub = user.id;
          t.role = (user as { role?: string }).role;
          t.email = user.email;
          t.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
          t.authTime = Math.floor(Date.now() / 1000);
        }
        return token;
      },
      async session({ session, token }) {
        const t = token as ConsoleToken;
        return {
          ...session,
          user: {
            id: t.sub ?? "",
            email: t.email ?? "",
            name: session.user?.name ?? null,
            role: isRole(t.role) ? t.role : undefined,
          },
          sessionVersion: t.sv ?? -1,
          authTime: t.authTime ?? 0,
        };
      },
      // Only paths on this console, resolved the way a browser will resolve them.
      async redirect({ url, baseUrl }) {
        const path = url.startsWith(baseUrl) ? url.slice(baseUrl.length) || "/" : url;
        return `${baseUrl}${safeCallbackPath(path, "/", baseUrl)}`;
      },
    },
    events: {
      async signOut({ token }) {
        const db = await getDb();
        const user = token?.sub ? await findUserById(db, token.sub) : undefined;
        // Signing out ends every session of the user, on every device and instance.
        if (user) await endSessions(db, user.id);
        await appendAuditSafely({
          actor: { id: user?.id ?? token?.sub ?? null, email: user?.email ?? null, role: user?.role ?? null },
          action: "auth.sign-out",
          target: user?.email ?? null,
          outcome: "ok",
        });
      },
    },
    logger: {
      // Codes starting with CLIENT_ come from a browser through /api/auth/_log (anyone may post one):
      // what a browser says went wrong on its side is worth a warning, not a server error.
      error: (code, metadata) => {
        const entry = { code, metadata: metadata instanceof Error ? { message: metadata.message } : undefined };
        if (code.startsWith("CLIENT_")) logger.warn({ ...entry, source: "browser" }, "next-auth client error");
        else logger.error(entry, "next-auth error");
      },
      warn: (code) => logger.warn({ code }, "next-auth warning"),
      debug: () => {},
    },
  };
  return cached;
}
