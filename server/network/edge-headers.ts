import "server-only";
import { randomUUID } from "node:crypto";
import { getEnv } from "@/server/env";
import { trustedRequestId } from "./client-address";
import { requestIsHttps } from "./forwarded-proto";

/**
 * What scripts/serve.mjs does for every exchange as it arrives, before Next sees it: the request id
 * (a trusted proxy's, or a fresh one) on the request, on the response and in the exchange's store
 * for the logs; the security headers; and, for a page or a server action, its Content-Security-Policy
 * with a nonce of its own.
 *
 * A page's policy is put on the request as well as on the response: Next reads the nonce from the
 * request's `content-security-policy` header and gives it to its own scripts, and the root layout
 * reads `x-nonce` for next-themes' script. Both are overwritten whatever a client sent. So is
 * `x-console-url` (the path and query asked for), from which a page sends a visitor without a session
 * to sign in and back (server/auth/session.ts requireUser).
 *
 * This was Next's proxy (proxy.ts) until it was measured: Next builds a web request and response for
 * the proxy of every page, about a sixth of a signed-in page's CPU, for what a few header writes do
 * here. Its one other job, sending a visitor without a session to sign in, every page already does
 * (requireUser), with the reason when the session ended; an address that is no page answers 404.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
export const HSTS = "max-age=63072000; includeSubDomains";

interface Exchange {
  requestId?: string;
}

/** The parts of Node's request and response this needs (and a test can make). */
export interface EdgeRequest {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}
export interface EdgeResponse {
  setHeader(name: string, value: string): unknown;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

export function applyEdgeHeaders(req: EdgeRequest, res: EdgeResponse, exchange: Exchange) {
  const trusted = getEnv().CONSOLE_TRUSTED_PROXIES;
  const requestId = trustedRequestId(first(req.headers["x-request-id"]), trusted) ?? randomUUID();
  req.headers["x-request-id"] = requestId;
  exchange.requestId = requestId;
  res.setHeader("x-request-id", requestId);
  const url = req.url ?? "/";
  // Next's own files (scripts, styles, images) carry no policy of their own, as before.
  if (url.startsWith("/_next/")) return;
  const https = requestIsHttps(first(req.headers["x-forwarded-proto"]), trusted);
  if (https) res.setHeader("strict-transport-security", HSTS);
  if (url.startsWith("/api/")) {
    res.setHeader("content-security-policy", API_CONTENT_SECURITY_POLICY);
    return;
  }
  const nonce = Buffer.from(randomUUID()).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, { https, dev: process.env.NODE_ENV === "development" });
  req.headers["x-nonce"] = nonce;
  req.headers["content-security-policy"] = policy;
  delete req.headers["content-security-policy-report-only"];
  // The page asked for, read by the layout and requireUser; none for a server action (a POST).
  if (req.method === "GET" || req.method === "HEAD") req.headers["x-console-url"] = addressAsked(url);
  else delete req.headers["x-console-url"];
  res.setHeader("content-security-policy", policy);
}

/** The path and query asked for, without the router's cache-busting `_rsc` parameter. */
function addressAsked(url: string): string {
  if (!url.includes("_rsc=")) return url;
  const parsed = new URL(url, "http://console.invalid");
  parsed.searchParams.delete("_rsc");
  return `${parsed.pathname}${parsed.search}`;
}

/** A page's policy: scripts only with this response's nonce (and what they load), nothing framed. */
function pageContentSecurityPolicy(nonce: string, { https, dev }: { https: boolean; dev: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
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
}

/** Called by scripts/serve.mjs for each exchange once the console has started. */
const EDGE = Symbol.for("custodian-console.edge-headers");

export function registerEdgeHeaders() {
  (globalThis as Record<symbol, unknown>)[EDGE] = applyEdgeHeaders;
}
