/**
 * First-load JavaScript of a route, measured the way a browser gets it, shared by the benchmark
 * (bench/first-load-js.bench.ts) and the regression check in `npm test` (e2e/budgets/): read the
 * route's HTML as a signed-in staff member, take every `<script src>` it loads (not `nomodule`
 * ones, which modern browsers skip; inline scripts are the RSC payload, data rather than code) and
 * download each with `Accept-Encoding: gzip`, counting the bytes the server sends.
 *
 * The floor is the signed-in not-found page of the same build (FLOOR_PATH, a path no route knows): it
 * is the shell, the providers and the framework, and nothing of a page. A route's figure is the gzip
 * bytes of the scripts it loads that the floor does not; `weigh` checks that the floor loads little the
 * route does not, so this is "route minus shell". (No page exists only to be measured.)
 *
 * Plain `fetch` and `node:http` only, so both tsx (the bench) and Playwright's loader run it.
 */
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";

export const KB = 1024;

/** A route measured, its budget (KB of gzip JavaScript beyond the floor) and why that budget. */
export interface RouteBudget {
  /** What the figure is called: the build's name, `/alerts/[webhookId]` rather than the id measured. */
  name: string;
  budgetKB: number;
  kind: "table" | "chart" | "public";
}

/** Pages of the build that are not the console's: the framework's error pages. */
const NOT_MEASURED = new Set(["/_not-found", "/_global-error"]);
/** The floor: a path no route knows, answered by the signed-in not-found page (the shell alone). */
export const FLOOR_PATH = "/no-such-page";
/** Pages a stranger opens, measured signed out. */
export const PUBLIC_PAGES = new Set(["/signin"]);
/** Pages whose first load draws a chart (the issue-13 budgets: 100 KB for charts, 60 KB for the rest). */
const CHART_PAGES = new Set(["/gas"]);

/**
 * Every page of the production build, read from Next's own manifest (not a list kept by hand, so a
 * page added later is measured too), with its budget: ≤ 60 KB beyond the floor, ≤ 100 KB for a chart
 * page. Dynamic pages keep their segment names (`/clients/[clientId]`): see `fillPath`.
 */
export function builtPages(distDir = ".next"): RouteBudget[] {
  const manifest = JSON.parse(readFileSync(`${distDir}/app-path-routes-manifest.json`, "utf8")) as Record<
    string,
    string
  >;
  return Object.entries(manifest)
    .filter(([entry]) => entry.endsWith("/page"))
    .map(([, path]) => path)
    .filter((path) => !NOT_MEASURED.has(path))
    .sort()
    .map((name) =>
      CHART_PAGES.has(name)
        ? { name, budgetKB: 100, kind: "chart" as const }
        : { name, budgetKB: 60, kind: PUBLIC_PAGES.has(name) ? ("public" as const) : ("table" as const) },
    );
}

/** A page's path with each `[segment]` filled from `ids`; undefined when one has no value. */
export function fillPath(name: string, ids: Readonly<Record<string, string>>): string | undefined {
  let missing = false;
  const path = name.replace(/\[([^\]]+)\]/g, (_, segment: string) => {
    const id = ids[segment];
    if (id === undefined) missing = true;
    return encodeURIComponent(id ?? "");
  });
  return missing ? undefined : path;
}

/** The first alert webhook of an upstream (sandbox or real), asked with its custodian key. */
export async function firstWebhookId(upstreamBaseUrl: string, custodianKey: string): Promise<string> {
  const res = await fetch(`${upstreamBaseUrl}/api/v3/custodians/me/alerts/webhooks`, {
    headers: { authorization: `Bearer ${custodianKey}` },
  });
  if (res.status !== 200) throw new Error(`the upstream's webhook list answered ${res.status}`);
  const { data } = (await res.json()) as { data: { id: string }[] };
  const id = data[0]?.id;
  if (!id) throw new Error("the upstream has no alert webhook to measure /alerts/[id] on");
  return id;
}

/**
 * The HTML of a route, following redirects, and where it ended. A redirect is either an HTTP one or,
 * when Next has already started streaming the layout, one carried in the page's payload
 * (`NEXT_REDIRECT;replace;/clients;307;`) that the browser follows by a client-side navigation,
 * loading the target's scripts: both are followed, so the figure is what a browser ends up loading.
 */
export async function routeHtml(
  origin: string,
  route: string,
  cookie: string,
  { signedOut = false, status = 200 }: { signedOut?: boolean; status?: number } = {},
): Promise<{ html: string; path: string }> {
  let url = `${origin}${route}`;
  for (let hops = 0; hops < 5; hops++) {
    const res = await fetch(url, { redirect: "manual", headers: signedOut ? {} : { cookie } });
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url).href;
      continue;
    }
    if (res.status !== status) throw new Error(`${route} answered ${res.status}`);
    const html = await res.text();
    const inStream = /NEXT_REDIRECT;(?:replace|push);([^;"\\]+);/.exec(html)?.[1];
    if (inStream) {
      url = new URL(inStream, url).href;
      continue;
    }
    const landed = new URL(url).pathname;
    if (landed.startsWith("/signin") && !signedOut) throw new Error(`${route} sent the measure to sign-in`);
    return { html, path: landed };
  }
  throw new Error(`${route} redirects too often`);
}

/** Every `<script src>` the HTML loads, except `nomodule` ones; absolute URLs, once each. */
export function scriptSources(html: string, base: string): string[] {
  const out = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (/\snomodule\b/i.test(tag)) continue;
    const src = /\ssrc=(?:"([^"]+)"|'([^']+)')/i.exec(tag);
    const value = src?.[1] ?? src?.[2];
    if (value) out.add(new URL(value.replace(/&amp;/g, "&"), base).href);
  }
  return [...out];
}

/** The bytes the server sends for a URL asked with Accept-Encoding: gzip (gzipped here if it sent it plain). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
        const body = Buffer.concat(chunks);
        resolve(res.headers["content-encoding"] === "gzip" ? body.length : gzipSync(body).length);
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Gzip sizes of script URLs, each downloaded once (chunks are content-hashed, so a URL never changes). */
export class ScriptSizes {
  private readonly sizes = new Map<string, Promise<number>>();
  of(url: string): Promise<number> {
    let size = this.sizes.get(url);
    if (!size) {
      size = gzipBytes(url);
      this.sizes.set(url, size);
    }
    return size;
  }
  async total(urls: readonly string[]): Promise<number> {
    return (await Promise.all(urls.map((u) => this.of(u)))).reduce((s, n) => s + n, 0);
  }
}

export interface Floor {
  scripts: string[];
  bytes: number;
}

export interface RouteWeight {
  route: string;
  /** Where the route landed after redirects. */
  path: string;
  scripts: string[];
  bytes: number;
  /** The scripts the floor does not load, with their gzip sizes, largest first. */
  extra: { url: string; bytes: number }[];
  beyondFloor: number;
}

/** The floor: what the not-found page of the same build loads, signed in (the shell alone). */
export async function measureFloor(origin: string, cookie: string, sizes: ScriptSizes): Promise<Floor> {
  const floor = await routeHtml(origin, FLOOR_PATH, cookie, { status: 404 });
  const scripts = scriptSources(floor.html, origin);
  return { scripts, bytes: await sizes.total(scripts) };
}

export async function weigh(
  origin: string,
  route: string,
  cookie: string,
  floor: Floor,
  sizes: ScriptSizes,
): Promise<RouteWeight> {
  const { html, path: landed } = await routeHtml(origin, route, cookie, { signedOut: cookie === "" });
  const scripts = scriptSources(html, origin);
  const missing = floor.scripts.filter((s) => !scripts.includes(s));
  // The bundler may pack a module of the floor's scripts into another script for this page (it
  // chunks the whole build at once): the page then skips that script and loads its code inside one the
  // floor does not have, which counts against the page. Only a page that skips most of the floor is no
  // signed-in page of the shell at all (a sign-in redirect, an error page), and is no measure.
  // Signed out there is no shell: a public page is what it loads beyond the floor, its own code.
  if (missing.length * 2 > floor.scripts.length && cookie !== "")
    throw new Error(
      `${route} does not load ${missing.length} of the floor's ${floor.scripts.length} scripts: "minus the floor" is not a difference`,
    );
  const extra = await Promise.all(
    scripts.filter((s) => !floor.scripts.includes(s)).map(async (url) => ({ url, bytes: await sizes.of(url) })),
  );
  extra.sort((a, b) => b.bytes - a.bytes);
  return {
    route,
    path: landed,
    scripts,
    bytes: await sizes.total(scripts),
    extra,
    beyondFloor: extra.reduce((s, e) => s + e.bytes, 0),
  };
}

/**
 * The pages of the build weighed against the floor, one at a time (the console renders each
 * server-side and the machine may be busy): signed-in pages with `cookie`, public ones signed out.
 * `ids` fills the dynamic segments; a page with a segment it has no value for is returned in
 * `unfilled`, for the caller to account for.
 */
export async function weighPages(
  origin: string,
  cookie: string,
  ids: Readonly<Record<string, string>>,
  /** A query string to measure a page with, by page name (e.g. a tab that costs the upstream less). */
  queries: Readonly<Record<string, string>> = {},
) {
  const sizes = new ScriptSizes();
  const floor = await measureFloor(origin, cookie, sizes);
  const routes: (RouteWeight & RouteBudget)[] = [];
  const unfilled: RouteBudget[] = [];
  for (const budget of builtPages()) {
    const path = fillPath(budget.name, ids);
    if (path === undefined) unfilled.push(budget);
    else {
      const at = `${path}${queries[budget.name] ?? ""}`;
      routes.push({ ...budget, ...(await weigh(origin, at, budget.kind === "public" ? "" : cookie, floor, sizes)) });
    }
  }
  return { floor, routes, unfilled, sizes };
}

/** One page weighed against the floor (a journey that has made the record a dynamic page needs). */
export async function weighPage(origin: string, path: string, cookie: string) {
  const sizes = new ScriptSizes();
  return weigh(origin, path, cookie, await measureFloor(origin, cookie, sizes), sizes);
}

export const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
