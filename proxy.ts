import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { decodeSessionJwt } from "@/server/auth/jwt-codec";
import { getEnv } from "@/server/env";
import { trustedRequestId } from "@/server/network/client-address";
import { requestIsHttps } from "@/server/network/forwarded-proto";
import { currentExchange } from "@/server/request-timing";

/**
 * Runs before every page and server action (not the data routes under /api/, whose request id and
 * security headers scripts/serve.mjs sets: server/network/edge-headers.ts): a per-request CSP
 * nonce, HSTS behind https, and a redirect to sign-in for pages when there is no session. It is a
 * convenience, not the guard: every action and route handler authorizes on its own.
 */
const PUBLIC_PAGES = ["/signin"];

export async function proxy(request: NextRequest) {
  const env = getEnv();
  // Headers that only a proxy in front of the console may set count only for configured hops.
  // serve.mjs has chosen the request id already (server/network/edge-headers.ts); without it, here.
  const exchange = currentExchange();
  const requestId =
    exchange?.requestId ??
    trustedRequestId(request.headers.get("x-request-id"), env.CONSOLE_TRUSTED_PROXIES) ??
    crypto.randomUUID();
  if (exchange) exchange.requestId = requestId;
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  // Not request.nextUrl.protocol: Next builds it from whatever X-Forwarded-Proto a client sends.
  const https = requestIsHttps(request.headers.get("x-forwarded-proto"), env.CONSOLE_TRUSTED_PROXIES);
  const isDev = process.env.NODE_ENV === "development";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ""}`,
    // Style attributes from component libraries need 'unsafe-inline'; scripts stay nonce-only.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");

  const path = request.nextUrl.pathname;
  // A server-action call answers for itself (UNAUTHENTICATED in its result); a redirect would hide that.
  const isAction = request.method === "POST" && request.headers.has("next-action");
  if (!isAction && !PUBLIC_PAGES.some((p) => path === p || path.startsWith(`${p}/`))) {
    const token = await getToken({
      req: request,
      secret: env.AUTH_SECRET,
      secureCookie: https,
      decode: decodeSessionJwt,
    });
    const tooOld = token !== null && sessionTooOld(token.authTime, env.CONSOLE_SESSION_MAX_HOURS);
    if (!token || tooOld) {
      const url = request.nextUrl.clone();
      url.pathname = "/signin";
      const query = new URLSearchParams();
      if (path !== "/") query.set("callbackUrl", path + request.nextUrl.search);
      if (tooOld) query.set("reason", "lifetime");
      url.search = query.size > 0 ? `?${query}` : "";
      return withHeaders(NextResponse.redirect(url), { requestId, csp, https });
    }
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-request-id", requestId);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), { requestId, csp, https });
}

/** Sessions end this many hours after sign-in however active they are (checked again by every page). */
function sessionTooOld(authTime: unknown, maxHours: number) {
  return typeof authTime !== "number" || Date.now() / 1000 - authTime > maxHours * 3600;
}

function withHeaders(
  response: NextResponse,
  { requestId, csp, https }: { requestId: string; csp: string; https: boolean },
) {
  response.headers.set("x-request-id", requestId);
  response.headers.set("content-security-policy", csp);
  if (https) response.headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  return response;
}

export const config = {
  matcher: [
    {
      // Not the data routes (/api/…): see server/network/edge-headers.ts.
      source: "/((?!api/|_next/static|_next/image|favicon.ico|icon.svg).*)",
    },
  ],
};
