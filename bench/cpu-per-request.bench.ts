/**
 * CPU per request, held to what Next.js itself costs: each page render and each data route of the
 * console against the same kind of request to Next.js with nothing of the console in it
 * (bench/floor-app), measured side by side in one run on this machine.
 *
 * The CPU is read from each server's own counters (/proc: each thread's time on a CPU) over many
 * requests made one at a time by a signed-in admin, so nothing else the machine does is counted and
 * no request waits behind another. The embedded sandbox runs in this benchmark's process, not the
 * console's, so its work is not counted either.
 *
 * The floor app (built with the project's `next`, served as the console is: one process behind a
 * plain Node server) is started with each console (one for each database) and runs beside it. Its two
 * paths are a small dynamic page (a heading and a 50-row list) and a JSON route handler. The servers take
 * turns: a round of the console's paths, then as many requests of the floor app's (its page for each of
 * the console's pages, its route for each route), so both serve as many requests, each is counted while
 * busy, and a slower minute of the machine falls on both alike.
 *
 * Figures, each a ratio to the floor (CPU per console request ÷ CPU per floor request):
 * - the shell (the not-found page of a signed-in person: the layout around a static page) ≤ 1.3×
 *   the floor page;
 * - every page ≤ 2× the floor page;
 * - every data route ≤ 1.5× the floor route.
 * Twice: on the embedded database (PGlite, inside the console's process, so its work is counted) and
 * on PostgreSQL (the server's processes counted apart, beside the console's, in the notes).
 *
 * To see where the time goes, BENCH_CPU_PROF=<dir> runs the console under `node --cpu-prof` and
 * leaves its profile in <dir> when the benchmark ends (open it in Chrome's DevTools or speedscope).
 * BENCH_CONSOLE_NODE_ARGS="--max-semi-space-size=4" (space-separated) runs it with other V8 or Node
 * options, to compare a setting with the default side by side. BENCH_CPU_CALLS (default 100) sets the
 * counted requests per path, BENCH_CPU_WARM_UP (default 40) the rounds of warm-up before them. To try a
 * change on a few paths: BENCH_CPU_ONLY=<regular expression> keeps the pages and routes whose path matches it
 * (the shell and the empty route are always measured), BENCH_CPU_DATABASES=embedded (or postgres) one half.
 * Requests offer what a browser offers (Brotli and gzip); BENCH_CPU_ACCEPT_ENCODING=gzip asks as a gzip-only client.
 */
import { median } from "../testing/stats";
import type { Figure } from "./figure";
import { startBenchConsole } from "./harness/console";
import { startFloorApp, type FloorApp } from "./harness/floor-app";
import { freshDatabase, postgresPids, type FreshDatabase } from "./harness/postgres";
import { CPU_COUNTER, cpuBetween, cpuByPid, processCpuMs, processTree } from "./harness/process-cpu";

export const title = "CPU per request: every page and data route against Next.js alone, one at a time";

/** Counted calls per path: a multiple of BATCH. */
const BATCH = 10;
const CALLS = Math.max(BATCH, Math.round(Number(process.env.BENCH_CPU_CALLS ?? 100) / BATCH) * BATCH);
/**
 * Rounds of every path before any is counted: about 1,500 requests to each server, where Next's own page
 * has stopped getting much cheaper (BENCH_CPU_WARM_UP sets it).
 */
const WARM_UP = Number(process.env.BENCH_CPU_WARM_UP ?? 40);
const ONLY = process.env.BENCH_CPU_ONLY ? new RegExp(process.env.BENCH_CPU_ONLY) : undefined;
const DATABASES = process.env.BENCH_CPU_DATABASES ?? "embedded,postgres";
/** What each request offers (a current Chromium's; BENCH_CPU_ACCEPT_ENCODING=gzip measures a gzip-only client). */
const ACCEPT_ENCODING = process.env.BENCH_CPU_ACCEPT_ENCODING ?? "gzip, deflate, br, zstd";

const SHELL_TARGET = 1.3;
const PAGE_TARGET = 2;
const ROUTE_TARGET = 1.5;

export const notes: string[] = [];
const say = (line: string) => {
  process.stdout.write(`  ${line}\n`);
  notes.push(line);
};

export async function run(): Promise<Figure[]> {
  const embedded = DATABASES.includes("embedded") ? await measureOn(undefined) : [];
  if (!DATABASES.includes("postgres")) return embedded;
  const database = await freshDatabase();
  try {
    return [...embedded, ...(await measureOn(database))];
  } finally {
    await database.drop();
  }
}

/** One path of one server: how to ask it, what it must answer, and whose CPU counts. */
interface Probe {
  path: string;
  page: boolean;
  status: number;
  server: "console" | "floor";
}

/**
 * One half of the run: a console and a floor app both started for it, so each has served as many
 * requests as the other when counting starts. A floor app kept from the first half had served twice
 * the console's requests by the second, and Next's page was still getting cheaper (5.27 ms in the first
 * half of the run of 2026-11-30 12:12, 4.10 ms in the second, the console's pages alike in both).
 */
async function measureOn(database: FreshDatabase | undefined): Promise<Figure[]> {
  const floor = await startFloorApp();
  try {
    return await measureBeside(floor, database);
  } finally {
    await floor.close();
  }
}

async function measureBeside(floor: FloorApp, database: FreshDatabase | undefined): Promise<Figure[]> {
  const where = database ? "PostgreSQL" : "embedded database";
  say(`— on the ${where} —`);
  const profileDir = process.env.BENCH_CPU_PROF;
  const nodeArgs = [
    ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
    ...(process.env.BENCH_CONSOLE_NODE_ARGS ?? "").split(/\s+/).filter(Boolean),
  ];
  if (nodeArgs.length > 0) say(`console started with ${nodeArgs.join(" ")}`);
  const bench = await startBenchConsole({
    nodeArgs,
    seedEvents: 5000,
    consoleEnv: {
      CONSOLE_LOG_LEVEL: "warn",
      // Hundreds of calls in a few minutes: the console's own upstream limit is lifted so none waits or is refused.
      CUSTODIAN_RATE_LIMIT: "100000",
      ...(database ? { DATABASE_URL: database.url, CONSOLE_WORKERS: "1" } : {}),
    },
  });
  try {
    const pid = bench.pid;
    if (pid === undefined) throw new Error("the console's process id is unknown");
    const get = async ({ path, page, server }: Probe) => {
      const origin = server === "console" ? bench.origin : floor.origin;
      const res = await fetch(`${origin}${path}`, {
        headers: {
          ...(server === "console" ? { cookie: bench.jar.header } : {}),
          accept: page ? "text/html" : "application/json",
          // As a browser asks (every current one offers Brotli), to both servers alike; Next compresses
          // only with gzip, the console with Brotli where offered (scripts/serve.mjs).
          "accept-encoding": ACCEPT_ENCODING,
        },
        redirect: "manual",
      });
      await res.arrayBuffer();
      return res.status;
    };
    const clients = (await (
      await fetch(`${bench.origin}/api/clients?take=10`, { headers: { cookie: bench.jar.header } })
    ).json()) as { results?: { id: string }[] };
    const clientId = clients.results?.[0]?.id;
    if (!clientId) throw new Error(`/api/clients answered ${JSON.stringify(clients).slice(0, 200)}`);
    const webhook = bench.sandbox.sandbox.alerts.webhooks[0];
    if (!webhook) throw new Error("the sandbox has no webhook");
    const client = encodeURIComponent(clientId);
    const hook = encodeURIComponent(webhook.id);
    const named = (path: string) => path.replace(client, "[clientId]").replace(hook, "[webhookId]");

    const pages = [
      "/",
      "/clients",
      `/clients/${client}`,
      "/approvals",
      "/alerts",
      `/alerts/${hook}`,
      "/alerts/tools",
      "/alerts/schedules",
      "/gas",
      "/yield",
      "/audit",
      "/audit/verify",
      "/users",
      "/account/password",
    ];
    // The routes the pages' browsers call as they load.
    const routes = [
      "/api/overview/clients",
      "/api/overview/gas",
      "/api/clients?take=25",
      `/api/clients/${client}`,
      `/api/clients/${client}/ejects`,
      `/api/clients/${client}/timeline`,
      "/api/approvals",
      "/api/approvals/waiting",
      "/api/alerts/webhooks",
      `/api/alerts/webhooks/${hook}/events?`,
      "/api/alerts/schedules",
      `/api/gas/usage?chain=${encodeURIComponent("eip155:1")}`,
      "/api/audit?limit=50",
      "/api/audit/facets",
      "/api/users",
      "/api/notifications",
      "/api/cases/requirements",
      "/api/saved-views?scope=alerts.events",
    ];
    const SHELL = "/no-such-page";
    const chosen = (path: string) => !ONLY || ONLY.test(named(path));
    const probes: Probe[] = [
      ...pages.filter(chosen).map((path) => ({ path, page: true, status: 200, server: "console" as const })),
      ...routes.filter(chosen).map((path) => ({ path, page: false, status: 200, server: "console" as const })),
      // The console's own floor: the signed-in layout around a static page, and a route handler that
      // reads no session, database or upstream.
      { path: SHELL, page: true, status: 404, server: "console" },
      { path: "/api/health", page: false, status: 200, server: "console" },
    ];
    // Next alone: its page beside each of the console's pages, its route beside each route.
    const floorPageProbe: Probe = { path: "/", page: true, status: 200, server: "floor" };
    const floorRouteProbe: Probe = { path: "/api/health", page: false, status: 200, server: "floor" };
    const partner = (probe: Probe) => (probe.page ? floorPageProbe : floorRouteProbe);
    const key = (p: Probe) => `${p.server} ${p.path}`;

    // Warm-up, not counted: Next loads a route's code on its first request, and V8 compiles the hot
    // paths over the first few hundred requests of any kind. Every path is warmed before any is counted.
    //
    // Each server is sent as many requests as the other, in stretches of its own: a round of the console
    // (every path in turn), then as many requests of the floor app (its page for each page, its route for
    // each route), and so on. How the turns are cut moves the figures more than most changes to the
    // console (2026-11-30, this machine, 300 requests a path): with the floor app's page taking one turn
    // in 38 it cost 10.1 ms and the console's shell 10.1 ms; taking turns batch for batch, 7.2 and 12.7 ms.
    // A server that waits while another works pays for it on its next requests (its caches went to the
    // other), so each is counted while it is busy, as a server under load is, and neither more often.
    const floorFor = (probes: readonly Probe[]) => probes.map(partner);
    const warm = async (probe: Probe) => {
      const status = await get(probe);
      if (status !== probe.status)
        throw new Error(`${probe.server} ${probe.path} answered ${status}, not ${probe.status}`);
    };
    for (let i = 0; i < WARM_UP; i++) {
      for (const probe of probes) await warm(probe);
      for (const probe of floorFor(probes)) await warm(probe);
    }
    // Counted in rounds that visit every path in turn, BATCH calls of one path at a time, so a garbage
    // collection or a slower minute of the machine falls on every path alike.
    const cpuOf = (server: Probe["server"]) =>
      server === "console" ? (processCpuMs(pid) ?? 0) : cpuBetween(new Map(), cpuByPid(processTree(floor.pid)));
    const cpu = new Map<string, number>();
    const calls = new Map<string, number>();
    const dbCpu = new Map<string, number>();
    const dbPids = database ? await postgresPids() : [];
    const batch = async (probe: Probe) => {
      const before = cpuOf(probe.server);
      // PostgreSQL's share is noted beside the console's requests only (the floor app has no database).
      const dbBefore = probe.server === "console" && dbPids.length > 0 ? cpuByPid(dbPids) : undefined;
      for (let i = 0; i < BATCH; i++) await get(probe);
      cpu.set(key(probe), (cpu.get(key(probe)) ?? 0) + cpuOf(probe.server) - before);
      calls.set(key(probe), (calls.get(key(probe)) ?? 0) + BATCH);
      if (dbBefore) dbCpu.set(key(probe), (dbCpu.get(key(probe)) ?? 0) + cpuBetween(dbBefore, cpuByPid(dbPids)));
    };
    // Each round starts one path further on, so no path always follows the other server's stretch (and
    // pays for the waking), and a task of the console's own that recurs on a period near a round's (a
    // scheduled pass) does not fall on the same path in every round.
    for (let round = 0; round < CALLS / BATCH; round++) {
      const order = [...probes.slice(round % probes.length), ...probes.slice(0, round % probes.length)];
      for (const probe of order) await batch(probe);
      for (const probe of floorFor(order)) await batch(probe);
    }
    const ms = (server: Probe["server"], path: string) =>
      (cpu.get(`${server} ${path}`) ?? 0) / (calls.get(`${server} ${path}`) ?? Number.NaN);
    const dbNote = (path: string) =>
      database ? ` (PostgreSQL ${((dbCpu.get(`console ${path}`) ?? 0) / CALLS).toFixed(1)} ms beside it)` : "";

    const floorPage = ms("floor", "/");
    const floorRoute = ms("floor", "/api/health");
    say(
      `Next.js alone (bench/floor-app): a dynamic page (a heading and a 50-row list) ${floorPage.toFixed(2)} ms, a route handler answering JSON ${floorRoute.toFixed(2)} ms of CPU per request; every request offering Accept-Encoding: ${ACCEPT_ENCODING}`,
    );
    const figures: Figure[] = [];
    const ratio = (name: string, value: number, floorMs: number, target: number) =>
      figures.push({ name: `${name}, ${where}`, value: value / floorMs, unit: "× Next", target, better: "lower" });

    const shell = ms("console", SHELL);
    say(`the shell (signed-in not-found page): ${shell.toFixed(1)} ms of CPU per render${dbNote(SHELL)}`);
    ratio("the shell (signed-in not-found page) ÷ Next's page", shell, floorPage, SHELL_TARGET);
    for (const path of pages.filter(chosen)) {
      const value = ms("console", path);
      say(`page ${named(path)}: ${value.toFixed(1)} ms of CPU per render${dbNote(path)}`);
      ratio(`page ${named(path)} ÷ Next's page`, value, floorPage, PAGE_TARGET);
    }
    for (const path of routes.filter(chosen)) {
      const value = ms("console", path);
      say(`route ${named(path)}: ${value.toFixed(2)} ms of CPU per answer${dbNote(path)}`);
      ratio(`route ${named(path)} ÷ Next's route`, value, floorRoute, ROUTE_TARGET);
    }
    const pageMedian = median(pages.filter(chosen).map((p) => ms("console", p)));
    const routeMedian = median(routes.filter(chosen).map((p) => ms("console", p)));
    say(
      `medians: pages ${pageMedian.toFixed(1)} ms (${(pageMedian / floorPage).toFixed(2)}× Next's page), routes ${routeMedian.toFixed(2)} ms (${(routeMedian / floorRoute).toFixed(2)}× Next's route); the console's empty route handler (/api/health) ${ms("console", "/api/health").toFixed(2)} ms`,
    );
    say(
      `${CALLS} requests each, one at a time, in rounds of ${BATCH} per path, after ${WARM_UP} rounds of every path not counted; CPU ${CPU_COUNTER}.`,
    );
    return figures;
  } finally {
    await bench.close();
  }
}
