import "server-only";
import { randomUUID } from "node:crypto";
import { getEnv } from "@/server/env";
import { trustedRequestId } from "./client-address";
import { requestIsHttps } from "./forwarded-proto";

/**
 * What scripts/serve.mjs does for every exchange as it arrives, before Next sees it: the request id
 * (a trusted proxy's, or a fresh one) on the request, on the response and in the exchange's store
 * for the logs; and, for the data routes, which proxy.ts does not run for, their security headers.
 * proxy.ts (pages and server actions only) costs about 1.5 ms of CPU a request: Next builds a
 * request and a response object for it. A route's JSON needs no per-request nonce, so the data
 * routes get a fixed policy that allows nothing to load and no page to frame them.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
export const HSTS = "max-age=63072000; includeSubDomains";

interface Exchange {
  requestId?: string;
}

/** The parts of Node's request and response this needs (and a test can make). */
export interface EdgeRequest {
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
  if (!(req.url ?? "/").startsWith("/api/")) return;
  res.setHeader("content-security-policy", API_CONTENT_SECURITY_POLICY);
  if (requestIsHttps(first(req.headers["x-forwarded-proto"]), trusted))
    res.setHeader("strict-transport-security", HSTS);
}

/** Called by scripts/serve.mjs for each exchange once the console has started. */
const EDGE = Symbol.for("custodian-console.edge-headers");

export function registerEdgeHeaders() {
  (globalThis as Record<symbol, unknown>)[EDGE] = applyEdgeHeaders;
}
