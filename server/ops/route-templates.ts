import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The route template Next matched for a path, from the build's routes manifest: `/clients/[clientId]`,
 * never the id. The one matcher behind the metrics' route label (./http-metrics.ts) and the URLs of
 * exported spans (./span-urls.ts). Next's assets are `/_next`; a path no route of the build knows has
 * no template (undefined), and each caller says what it writes instead.
 */

interface RouteEntry {
  page: string;
  regex: string;
}
type Matcher = (pathname: string) => string | undefined;

function loadMatcher(dir = path.join(process.cwd(), ".next")): Matcher {
  let manifest: { staticRoutes?: RouteEntry[]; dynamicRoutes?: RouteEntry[] } = {};
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, "routes-manifest.json"), "utf8"));
  } catch {
    // In development the manifest grows as pages compile; until then a path has no template.
  }
  const exact = new Map((manifest.staticRoutes ?? []).map((r) => [r.page, r.page]));
  const dynamic = (manifest.dynamicRoutes ?? []).map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  return (pathname) => {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
    return exact.get(trimmed) ?? dynamic.find((r) => r.regex.test(trimmed))?.page;
  };
}

let matcher: Matcher | undefined;

export function routeTemplate(pathname: string): string | undefined {
  if (pathname.startsWith("/_next/")) return "/_next";
  matcher ??= loadMatcher();
  return matcher(pathname);
}

/** For tests: match against another build's manifest. */
export function setRoutesManifestForTests(dir: string): void {
  matcher = loadMatcher(dir);
}
