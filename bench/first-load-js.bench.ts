/**
 * First-load JavaScript of every page of the build (read from Next's manifest; `/alerts/[webhookId]`
 * on a real webhook of the sandbox, `/clients/[clientId]` on its first client) beyond the framework
 * floor, gzip, measured the way a browser gets it: the production
 * build is served (scripts/serve.mjs, as `npm start` serves it) with a sandbox upstream, a staff
 * member signs in, and bench/harness/first-load.ts reads each route's HTML and downloads every
 * `<script src>` it loads with `Accept-Encoding: gzip`. The floor is the signed-in not-found page, the
 * shell of the same build and nothing of a page; a route's figure is what it loads that the floor does
 * not. The same measure runs in `npm test` (e2e/budgets/first-load.spec.ts), failing on a large
 * regression.
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
import type { Figure } from "./figure";
import { benchBrowser, BENCH_CUSTODIAN_KEY, startBenchConsole, type BenchConsole } from "./harness/console";
import { firstWebhookId, kb, KB, weighPages, type ScriptSizes } from "./harness/first-load";

export const title = "First-load JavaScript (gzip) beyond the shell of the same build";

/** All JavaScript a real browser takes for /gas until the chart is drawn (the lazily loaded chart included). */
async function gasInBrowser(bench: BenchConsole, sizes: ScriptSizes): Promise<number | undefined> {
  const opened = await benchBrowser(bench);
  if (!opened) return undefined;
  try {
    const scripts = new Set<string>();
    opened.page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.add(r.url());
    });
    await opened.page.goto(`${bench.origin}/gas`);
    await opened.page.locator(".recharts-line-curve").first().waitFor({ timeout: 60_000 });
    return sizes.total([...scripts]);
  } finally {
    await opened.browser.close();
  }
}

/** The sandbox's first client, for /clients/[clientId]. */
async function firstClientId(upstreamBaseUrl: string): Promise<string> {
  const res = await fetch(`${upstreamBaseUrl}/api/v3/custodians/me/clients?take=1`, {
    headers: { authorization: `Bearer ${BENCH_CUSTODIAN_KEY}` },
  });
  const id = ((await res.json()) as { results?: { id: string }[] }).results?.[0]?.id;
  if (!id)
    throw new Error(`the upstream's client list (${res.status}) has no client to measure /clients/[clientId] on`);
  return id;
}

export async function run(): Promise<Figure[]> {
  const bench = await startBenchConsole();
  const { origin, jar } = bench;
  try {
    const webhookId = await firstWebhookId(bench.sandbox.baseUrl, BENCH_CUSTODIAN_KEY);
    const clientId = await firstClientId(bench.sandbox.baseUrl);
    const { floor, routes, unfilled, sizes } = await weighPages(origin, jar.header, { webhookId, clientId });
    const lines = [`  floor (the not-found page, signed in): ${floor.scripts.length} scripts, ${kb(floor.bytes)}`];
    for (const u of unfilled)
      lines.push(`  ${u.name}: not measured here (needs a record a journey makes; npm test measures it there)`);
    for (const r of routes) {
      const landed = r.path === r.route ? "" : ` (lands on ${r.path})`;
      lines.push(
        `  ${r.name}${landed}: ${r.scripts.length} scripts, ${kb(r.bytes)} in all, ${kb(r.beyondFloor)} beyond the floor` +
          ` (budget ${r.budgetKB} KB)`,
      );
      for (const e of r.extra) lines.push(`      ${kb(e.bytes).padStart(9)}  ${new URL(e.url).pathname}`);
    }
    process.stdout.write(`${lines.join("\n")}\n`);
    const withChart = await gasInBrowser(bench, sizes).catch((error: unknown) => {
      process.stdout.write(`  (the browser measure of /gas failed: ${String(error)})\n`);
      return undefined;
    });
    if (withChart !== undefined)
      process.stdout.write(
        `  /gas in Chromium once the chart is drawn (chart chunk loaded after the page): ${kb(withChart)} in all, ${kb(withChart - floor.bytes)} beyond the floor — not first-load\n`,
      );
    return routes.map((r) => ({
      name: `${r.name}${r.path === r.route || r.name.includes("[") ? "" : ` (→ ${r.path})`} first-load JS beyond the shell (${r.kind} page)`,
      value: r.beyondFloor / KB,
      unit: "KB",
      target: r.budgetKB,
      better: "lower" as const,
    }));
  } finally {
    await bench.close();
  }
}
