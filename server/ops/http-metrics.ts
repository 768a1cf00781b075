import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { httpDuration, measure } from "./metrics";

/**
 * Every HTTP exchange's duration, recorded by scripts/serve.mjs as the response finishes, labelled
 * by the route template Next matched (from the build's routes manifest: `/clients/[clientId]`, never
 * the id), the method, the status and the kind (page, route, action, asset). A path no route knows is
 * "other", so a scan of random URLs cannot grow the label set.
 */

interface RouteEntry {
  page: string;
  regex: string;
}
type Matcher = (pathname: string) => string;

function loadMatcher(dir = path.join(process.cwd(), ".next")): Matcher {
  let manifest: { staticRoutes?: RouteEntry[]; dynamicRoutes?: RouteEntry[] } = {};
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, "routes-manifest.json"), "utf8"));
  } catch {
    // In development the manifest grows as pages compile; unmatched paths are "other".
  }
  const exact = new Map((manifest.staticRoutes ?? []).map((r) => [r.page, r.page]));
  const dynamic = (manifest.dynamicRoutes ?? []).map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  return (pathname) => {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
    return exact.get(trimmed) ?? dynamic.find((r) => r.regex.test(trimmed))?.page ?? "other";
  };
}

let matcher: Matcher | undefined;

export function routeTemplate(pathname: string): string {
  if (pathname.startsWith("/_next/")) return "/_next";
  matcher ??= loadMatcher();
  return matcher(pathname);
}

export interface HttpExchange {
  method: string;
  pathname: string;
  status: number;
  seconds: number;
  /** The request carried Next's `next-action` header: a server action posted to a page. */
  action: boolean;
}

export function kindOf(route: string, action: boolean): "page" | "route" | "action" | "asset" {
  if (action) return "action";
  if (route === "/_next") return "asset";
  return route.startsWith("/api/") ? "route" : "page";
}

export function observeHttp(exchange: HttpExchange): void {
  measure(() => {
    const route = routeTemplate(exchange.pathname);
    const method = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].includes(exchange.method)
      ? exchange.method
      : "other";
    httpDuration().observe(
      { route, method, status: String(exchange.status), kind: kindOf(route, exchange.action) },
      exchange.seconds,
    );
  });
}

/** For tests: match against another build's manifest. */
export function useRoutesManifest(dir: string): void {
  matcher = loadMatcher(dir);
}
