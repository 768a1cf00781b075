import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getToken } from "next-auth/jwt";
import { cache } from "react";
import { can, PERMISSION_LABELS, type Permission } from "@/lib/auth/permissions";
import type { SessionEndReason } from "@/lib/auth/session-end";
import { keptRead } from "@/server/db/kept-reads";
import { getEnv } from "@/server/env";
import { AppError, forbidden, unauthenticated } from "@/server/errors";
import { requestIsHttps } from "@/server/network/forwarded-proto";
import { decodeSessionJwt } from "./jwt-codec";
import type { ConsoleToken } from "./options";
import { findUserById, toStaffUser, type StaffUser } from "./users";

/**
 * The signed-in staff member as the database holds them on every request: a disabled account, a
 * changed role or a sign-out elsewhere (each moves the user's session version on) takes effect on
 * the next request, not when the cookie expires; and no session outlives its absolute lifetime. (The
 * embedded database's one process keeps the account between writes to the users table: kept-reads.ts.)
 * Within one server render (the layout, the page and its cards) it is read once (React's cache);
 * elsewhere each call reads again.
 */
export const currentUser = cache(async (): Promise<StaffUser | null> => (await currentSession()).user);

/**
 * The session and, when it has ended, why (a session cookie that is gone or expired says nothing: the
 * browser drops it when the idle time is up, so the open page knows that reason, not the server).
 */
export const currentSession = cache(readCurrentSession);

type SessionState = { user: StaffUser; ended?: undefined } | { user: null; ended: SessionEndReason | null };

async function readCurrentSession(): Promise<SessionState> {
  const token = await readSessionCookie();
  const id = token?.sub;
  if (!id) return { user: null, ended: null };
  const maxSeconds = getEnv().CONSOLE_SESSION_MAX_HOURS * 3600;
  if (typeof token.authTime !== "number" || Date.now() / 1000 - token.authTime > maxSeconds)
    return { user: null, ended: "lifetime" };
  const account = await accountOf(id);
  if (!account) return { user: null, ended: "ended" };
  if (account.disabled) return { user: null, ended: "disabled" };
  if (account.sessionVersion !== (token.sv ?? -1)) return { user: null, ended: "ended" };
  const { user } = account;
  return { user: { ...user, ...(user.joined ? { joined: { ...user.joined } } : {}) } };
}

/** What a session is checked against: never the password hash. */
interface Account {
  user: StaffUser;
  disabled: boolean;
  sessionVersion: number;
}

async function accountOf(id: string): Promise<Account | null> {
  return keptRead(["users"], `account ${id}`, async (db) => {
    const row = await findUserById(db, id);
    return {
      value: row
        ? { user: toStaffUser(row), disabled: Boolean(row.disabledAt), sessionVersion: row.sessionVersion }
        : null,
    };
  });
}

/** When the session cookie expires unless a navigation renews it (its `exp`), for the open page's watch. */
export async function sessionExpiresAt(): Promise<string | null> {
  const token = await readSessionCookie();
  return typeof token?.exp === "number" ? new Date(token.exp * 1000).toISOString() : null;
}

/**
 * The session cookie's claims, or null when there is none or it is not one of ours or has expired.
 * Read as the proxy reads it (next-auth's getToken, the cookie named for https or not by the same
 * rule), not with next-auth's getServerSession: that runs next-auth's whole session handler and
 * encrypts a re-issued cookie that a server component cannot send anyway (the browser's own
 * /api/auth/session call re-issues it: components/auth/session-keep-alive.tsx).
 */
async function readSessionCookie(): Promise<ConsoleToken | null> {
  const env = getEnv();
  const [jar, h] = await Promise.all([cookies(), headers()]);
  const token = await getToken({
    // The cookies alone: a session is never taken from an Authorization header here.
    req: { cookies: Object.fromEntries(jar.getAll().map((c) => [c.name, c.value])), headers: {} } as never,
    secret: env.AUTH_SECRET,
    secureCookie: requestIsHttps(h.get("x-forwarded-proto"), env.CONSOLE_TRUSTED_PROXIES),
    decode: decodeSessionJwt,
  });
  return token as ConsoleToken | null;
}

export interface AuthorizeOptions {
  /** For changing one's own password: the one thing a user with a generated password may do. */
  allowPendingPasswordChange?: boolean;
}

/** A permission of the matrix, or "signed-in" for what every staff member may do to their own account. */
export type Requirement = Permission | "signed-in";

/** For actions and route handlers: the user, or an AppError (UNAUTHENTICATED / FORBIDDEN). */
export async function authorize(requirement: Requirement, options: AuthorizeOptions = {}): Promise<StaffUser> {
  const { user, ended } = await currentSession();
  if (!user) throw unauthenticated(ended);
  if (user.mustChangePassword && !options.allowPendingPasswordChange)
    throw new AppError(
      "FORBIDDEN",
      "Choose a new password first: the one you signed in with was generated.",
      undefined,
      { person: user },
    );
  if (requirement !== "signed-in" && !can(user.role, requirement))
    throw forbidden(describePermission(requirement), user);
  return user;
}

/**
 * For pages: the user, or a redirect to sign-in (back to the address asked for afterwards, query
 * included), or to the password change. The address is the one the serving process saw
 * (`x-console-url`, server/network/edge-headers.ts); `from` where it did not run.
 */
export async function requireUser(from?: string, options: AuthorizeOptions = {}): Promise<StaffUser> {
  const { user, ended } = await currentSession();
  const address = (await addressAsked()) ?? from;
  if (!user) redirect(signInAddress(address, ended));
  if (user.mustChangePassword && !options.allowPendingPasswordChange) redirect(`/account/password${back(address)}`);
  return user;
}

/** Pages anyone may open. */
const PUBLIC_PAGES = ["/signin"];

/**
 * For the root layout: a visitor without a session who asked for any page but sign-in is sent there
 * before anything is rendered (an HTTP redirect; a page's own requireUser, inside the loading
 * boundary, would answer 200 and redirect in the browser). Only for page requests: the serving
 * process names the address for those alone, and a server action answers for itself.
 */
export async function sendVisitorsToSignIn(): Promise<void> {
  const address = await addressAsked();
  if (!address) return;
  const path = address.split("?")[0] ?? "/";
  if (PUBLIC_PAGES.some((p) => path === p || path.startsWith(`${p}/`))) return;
  const { user, ended } = await currentSession();
  if (!user) redirect(signInAddress(address, ended));
}

/** The page asked for, as the serving process saw it: only a path of this console ("/x", never "//host"). */
async function addressAsked(): Promise<string | undefined> {
  const asked = (await headers()).get("x-console-url");
  return asked && /^\/(?![/\\])/.test(asked) ? asked : undefined;
}

const back = (address: string | undefined) =>
  address && address !== "/" ? `?callbackUrl=${encodeURIComponent(address)}` : "";

function signInAddress(address: string | undefined, ended: SessionEndReason | null | undefined): string {
  const query = back(address);
  return `/signin${query}${ended ? `${query ? "&" : "?"}reason=${ended}` : ""}`;
}

/** A permission in staff's words ("approving key ejections"), for refusals: never its id. */
export function describePermission(permission: Permission): string {
  return PERMISSION_LABELS[permission];
}
