/**
 * First-load JavaScript of /gas and of / beyond the framework floor, gzip, measured the way a
 * browser gets it: the production build is served (scripts/serve.mjs, as `npm start` serves it)
 * with a sandbox upstream, a staff member signs in, and for each route the bench reads the HTML,
 * takes every `<script src>` it loads (not `nomodule` ones, which modern browsers skip; inline
 * scripts are the RSC payload, data rather than code) and downloads each with
 * `Accept-Encoding: gzip`, counting the bytes the server sends.
 *
 * The floor is /blank (app/(bench)/blank), a page of the same build that renders nothing: signed
 * in it has the shell, the providers and the framework. A route's figure is the gzip bytes of the
 * scripts it loads that /blank does not; the bench checks that /blank loads nothing the route does
 * not, so this is exactly "route minus blank".
 *
 * Why serve rather than read Next's build output: this Next (16, Turbopack) prints no per-route
 * sizes, and what a route loads depends on the layout, the session (the shell renders only signed
 * in) and where `/` redirects, which only a request shows.
 *
 * The gas page loads its chart (recharts) as a separate chunk after the page shows, so it is not
 * first-load JavaScript; when Debian's chromium is there, the bench also loads /gas in it and
 * prints how much JavaScript arrives in all once the chart is drawn, for the record.
 *
 * The build is made first when `.next` is missing or older than the sources (as `npm start` does).
 */
import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";
import { benchBrowser, startBenchConsole, type Jar } from "./harness/console";
import type { Figure } from "./figure";

export const title = "First-load JavaScript (gzip) beyond a blank page of the same build";

const KB = 1024;

/**
 * The HTML of a route, following redirects, and where it ended. A redirect is either an HTTP one or,
 * when Next has already started streaming the layout, one carried in the page's payload
 * (`NEXT_REDIRECT;replace;/clients;307;`) that the browser follows by a client-side navigation,
 * loading the target's scripts: both are followed, so the figure is what a browser ends up loading.
 */
async function routeHtml(origin: string, route: string, jar: Jar): Promise<{ html: string; path: string }> {
  let url = `${origin}${route}`;
  for (let hops = 0; hops < 5; hops++) {
    const res = await fetch(url, { redirect: "manual", headers: { cookie: jar.header } });
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url).href;
      continue;
    }
    if (res.status !== 200) throw new Error(`${route} answered ${res.status}`);
    const html = await res.text();
    const inStream = /NEXT_REDIRECT;(?:replace|push);([^;"\\]+);/.exec(html)?.[1];
    if (inStream) {
      url = new URL(inStream, url).href;
      continue;
    }
    const landed = new URL(url).pathname;
    if (landed.startsWith("/signin")) throw new Error(`${route} sent the bench to sign-in`);
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

const sizes = new Map<string, Promise<number>>();
const sizeOf = (url: string) => {
  const known = sizes.get(url);
  if (known) return known;
  const size = gzipBytes(url);
  sizes.set(url, size);
  return size;
};
const total = async (urls: readonly string[]) => (await Promise.all(urls.map(sizeOf))).reduce((s, n) => s + n, 0);

interface RouteWeight {
  route: string;
  path: string;
  scripts: string[];
  bytes: number;
  beyondFloor: number;
}

async function weigh(origin: string, route: string, jar: Jar, floor: string[]): Promise<RouteWeight> {
  const { html, path: landed } = await routeHtml(origin, route, jar);
  const scripts = scriptSources(html, origin);
  const missing = floor.filter((s) => !scripts.includes(s));
  if (missing.length > 0)
    throw new Error(
      `${route} does not load ${missing.length} script(s) of the blank page: "minus the floor" is not a difference`,
    );
  return {
    route,
    path: landed,
    scripts,
    bytes: await total(scripts),
    beyondFloor: await total(scripts.filter((s) => !floor.includes(s))),
  };
}

/** All JavaScript a real browser takes for /gas until the chart is drawn (the lazily loaded chart included). */
async function gasInBrowser(bench: Awaited<ReturnType<typeof startBenchConsole>>): Promise<number | undefined> {
  const opened = await benchBrowser(bench);
  if (!opened) return undefined;
  try {
    const scripts = new Set<string>();
    opened.page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.add(r.url());
    });
    await opened.page.goto(`${bench.origin}/gas`);
    await opened.page.locator(".recharts-line-curve").first().waitFor({ timeout: 60_000 });
    return total([...scripts]);
  } finally {
    await opened.browser.close();
  }
}

export async function run(): Promise<Figure[]> {
  const bench = await startBenchConsole();
  const { origin, jar } = bench;
  try {
    const blank = await routeHtml(origin, "/blank", jar);
    const floor = scriptSources(blank.html, origin);
    const floorBytes = await total(floor);
    const gas = await weigh(origin, "/gas", jar, floor);
    const home = await weigh(origin, "/", jar, floor);
    const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
    process.stdout.write(
      `  floor (/blank, signed in): ${floor.length} scripts, ${kb(floorBytes)}\n` +
        `  /gas: ${gas.scripts.length} scripts, ${kb(gas.bytes)} in all, ${kb(gas.beyondFloor)} beyond the floor\n` +
        `  /${home.path === "/" ? "" : ` (redirects to ${home.path})`}: ${home.scripts.length} scripts, ${kb(home.bytes)} in all, ${kb(home.beyondFloor)} beyond the floor\n`,
    );
    const withChart = await gasInBrowser(bench).catch((error: unknown) => {
      process.stdout.write(`  (the browser measure of /gas failed: ${String(error)})\n`);
      return undefined;
    });
    if (withChart !== undefined)
      process.stdout.write(
        `  /gas in Chromium once the chart is drawn (chart chunk loaded after the page): ${kb(withChart)} in all, ${kb(withChart - floorBytes)} beyond the floor — not first-load\n`,
      );
    return [
      {
        name: "/gas first-load JS beyond the blank page",
        value: gas.beyondFloor / KB,
        unit: "KB",
        target: 100,
        better: "lower",
      },
      {
        name: `/${home.path === "/" ? "" : ` (→ ${home.path})`} first-load JS beyond the blank page`,
        value: home.beyondFloor / KB,
        unit: "KB",
        target: 60,
        better: "lower",
      },
    ];
  } finally {
    await bench.close();
  }
}
