import "server-only";
import { getEnv } from "@/server/env";
import { protoIsFromSocket, requestIsHttps } from "./forwarded-proto";

/**
 * Whether a request may have been sent by a page on another site. The session cookie is
 * SameSite=Lax, so a link or a top-level GET from any site carries it; a route handler that acts
 * on such a request does so in the signed-in person's name. This module only decides; the callers
 * (defineRoute, next-auth's catch-all) refuse.
 *
 * Browsers say where a request comes from in Sec-Fetch-Site, which no page can set or remove.
 * Only `same-origin` and `none` (typed into the address bar, a bookmark) are the console's own:
 * `same-site` is a sibling subdomain, which is another application. Browsers too old to send it
 * still send Origin on most requests and Referer unless told not to, so without Sec-Fetch-Site a
 * foreign Origin (also the opaque `null` of sandboxed frames and file: pages) or a foreign Referer
 * is refused. A request with none of the three is not a modern browser's (curl, a load balancer's
 * health check, monitoring) and is let through: it carries no ambient cookie a page could borrow.
 */

export interface HeaderSource {
  get(name: string): string | null;
}

export type SiteVerdict = { allowed: true } | { allowed: false; reason: string };

const ALLOWED: SiteVerdict = { allowed: true };
const OWN_SITE_VALUES = new Set(["same-origin", "none"]);

/** The decision for a request with these headers, on a console whose origin is `ownOrigin` (null: unknown). */
export function crossSiteVerdict(headers: HeaderSource, ownOrigin: string | null): SiteVerdict {
  const site = present(headers.get("sec-fetch-site"))?.toLowerCase();
  if (site !== undefined)
    // Any other value, unknown ones included, is refused: a browser sends only the four.
    return OWN_SITE_VALUES.has(site) ? ALLOWED : { allowed: false, reason: `Sec-Fetch-Site: ${site}` };

  const origin = present(headers.get("origin"));
  if (origin !== undefined)
    return sameOrigin(origin, ownOrigin) ? ALLOWED : { allowed: false, reason: `Origin ${describe(origin)}` };

  const referer = present(headers.get("referer"));
  if (referer !== undefined)
    return sameOrigin(referer, ownOrigin) ? ALLOWED : { allowed: false, reason: `Referer from ${describe(referer)}` };

  return ALLOWED;
}

/** The verdict for a request to this console, with its origin worked out from the configuration. */
export function requestSiteVerdict(headers: HeaderSource): SiteVerdict {
  const env = getEnv();
  const own = consoleOrigin({
    publicUrl: env.NEXTAUTH_URL,
    host: headers.get("host"),
    forwardedHost: headers.get("x-forwarded-host"),
    forwardedProto: headers.get("x-forwarded-proto"),
    trustedProxies: env.CONSOLE_TRUSTED_PROXIES,
    protoFromSocket: protoIsFromSocket(),
  });
  return crossSiteVerdict(headers, own);
}

export interface OwnOriginInput {
  /** NEXTAUTH_URL: the console's public URL, when the operator has said it. */
  publicUrl?: string;
  host: string | null;
  forwardedHost: string | null;
  forwardedProto: string | null;
  /** CONSOLE_TRUSTED_PROXIES. */
  trustedProxies: number;
  /** Whether the serving process wrote X-Forwarded-Proto from its own socket (forwarded-proto.ts). */
  protoFromSocket: boolean;
}

// A host name, IPv4 or bracketed IPv6 address, and an optional port: nothing a URL parser would read as a path or user.
const AUTHORITY = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin browsers see the console at. The operator's NEXTAUTH_URL when set, since it needs no
 * header's word. Otherwise the request's own host and scheme, believing a forwarded header only as
 * far as the console was told to (the same rule as the client address and https): X-Forwarded-Host
 * counts only behind CONSOLE_TRUSTED_PROXIES, and only the value the nearest proxy wrote; the scheme
 * is https only when the socket or a trusted proxy says so. Null when there is no usable host, in
 * which case any Origin or Referer is refused.
 */
export function consoleOrigin(input: OwnOriginInput): string | null {
  if (input.publicUrl) return originOf(input.publicUrl);
  const forwarded = input.trustedProxies > 0 ? present(input.forwardedHost?.split(",").at(-1)) : undefined;
  const authority = forwarded ?? present(input.host);
  if (authority === undefined || !AUTHORITY.test(authority)) return null;
  const https = requestIsHttps(input.forwardedProto, input.trustedProxies, input.protoFromSocket);
  return originOf(`${https ? "https" : "http"}://${authority}`);
}

function sameOrigin(value: string, ownOrigin: string | null): boolean {
  return ownOrigin !== null && originOf(value) === ownOrigin;
}

function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The serialized origin of an absolute http(s) URL; null for anything else (including the literal "null"). */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** A header value for a log line: short, and never a full URL with its query. */
function describe(value: string): string {
  return originOf(value) ?? JSON.stringify(value.slice(0, 64));
}
