import "server-only";
import { randomUUID } from "node:crypto";
import type { AuthOptions } from "next-auth";
import { crossSite, HTTP_STATUS } from "@/server/errors";
import { jsonAnswer } from "@/server/kit/json-answer";
import { logger } from "@/server/log";
import { requestSiteVerdict } from "@/server/network/cross-site";

/**
 * The cross-site rule for next-auth's catch-all (/api/auth/…), which defineRoute does not wrap: a
 * page on another site must not sign a browser out, read its session or CSRF token, or post
 * credentials through it. The one exception is the callback of an identity provider (OIDC):
 * the provider sends the browser back by a cross-site redirect by design, and next-auth checks that
 * answer itself with the state and PKCE cookies it set when the sign-in began. The credentials
 * callback is not such a path: only the console's own sign-in page posts to it. (next-auth v4 gives
 * an OIDC provider the type "oauth".)
 */
export function isIdentityProviderCallback(segments: readonly string[], providers: AuthOptions["providers"]): boolean {
  if (segments.length !== 2 || segments[0] !== "callback") return false;
  return providers.some((p) => p.id === segments[1] && p.type === "oauth");
}

/** The 403 answer for a cross-site request to next-auth, or null when it may go on. */
export function authCrossSiteRefusal(
  request: Request,
  segments: readonly string[],
  providers: AuthOptions["providers"],
): Response | null {
  if (isIdentityProviderCallback(segments, providers)) return null;
  const site = requestSiteVerdict(request.headers);
  if (site.allowed) return null;
  const requestId = request.headers.get("x-request-id") ?? randomUUID();
  logger.warn({ requestId, path: new URL(request.url).pathname, reason: site.reason }, "cross-site request refused");
  const error = crossSite();
  return jsonAnswer(
    { error: { code: error.code, message: error.userMessage, requestId } },
    { status: HTTP_STATUS[error.code], headers: { "cache-control": "no-store", "x-request-id": requestId } },
  );
}
