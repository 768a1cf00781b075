/**
 * CPU per request: what one page render and one data route cost the console's process, read from the
 * process's own CPU counters (/proc/<pid>/stat: user + system time) over many requests made one at a
 * time by a signed-in admin, so nothing else the machine does is counted and no request waits behind
 * another. The embedded sandbox runs in this benchmark's process, not the console's, so its work is
 * not counted either.
 *
 * Figures: the median over pages of each page's CPU per render, and the median over data routes of
 * each route's CPU per answer; each page's and route's own figure is in the notes.
 *
 * Beside them, the framework's floor on the same run: `/api/health` (a route handler that reads no
 * session, no database and no upstream) and the not-found page of a signed-in person (the layout and
 * a static page): what Next costs before the console does anything, so the figures can be read
 * against what is the console's own.
 *
 * And Next.js with nothing of the console in it (bench/floor-app, built with the project's `next` and
 * served as the console is, one process behind a plain Node server), counted the same way first: what a JSON route handler and a small dynamic
 * page cost the framework alone on this machine today, whatever the console does.
 *
 * To see where the time goes, BENCH_CPU_PROF=<dir> runs the console under `node --cpu-prof` and
 * leaves its profile in <dir> when the benchmark ends (open it in Chrome's DevTools or speedscope).
 * BENCH_CONSOLE_NODE_ARGS="--max-semi-space-size=4" (space-separated) runs it with other V8 or Node
 * options, to compare a setting with the default side by side.
 */
import { median } from "../testing/stats";
import type { Figure } from "./figure";
import { startBenchConsole } from "./harness/console";
import { startFloorApp } from "./harness/floor-app";
import { freshDatabase, postgresPids, type FreshDatabase } from "./harness/postgres";
import { CLOCK_TICKS, cpuBetween, cpuByPid, processCpuMs, processTree } from "./harness/process-cpu";

export const title = "CPU per request: every page and the data routes, one at a time (console process counters)";

/** Counted calls per path: a multiple of BATCH. */
const BATCH = 10;
const CALLS = Math.max(BATCH, Math.round(Number(process.env.BENCH_CPU_CALLS ?? 60) / BATCH) * BATCH);
const WARM_UP = 15;

export const notes: string[] = [];
const say = (line: string) => {
  process.stdout.write(`  ${line}\n`);
  notes.push(line);
};

/**
 * Twice: on the embedded database (PGlite, which runs inside the console's process, so its work is
 * counted), then on PostgreSQL (a fresh database; the server's processes are counted apart, as the
 * database's CPU per request, beside the console's).
 */
export async function run(): Promise<Figure[]> {
  await measureFloorApp();
  const embedded = await measureOn(undefined);
  const database = await freshDatabase();
  try {
    return [...embedded, ...(await measureOn(database))];
  } finally {
    await database.drop();
  }
}

/** Next alone: the same warm-up and counted rounds as the console's paths, over its process tree. */
async function measureFloorApp(): Promise<void> {
  const app = await startFloorApp();
  try {
    const paths = [
      { path: "/api/health", label: "a route handler answering JSON", page: false },
      { path: "/", label: "a dynamic page (a heading and a 50-row list)", page: true },
    ];
    const get = async (path: string, page: boolean) => {
      const res = await fetch(`${app.origin}${path}`, { headers: { accept: page ? "text/html" : "application/json" } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`the floor app's ${path} answered ${res.status}`);
    };
    const treeCpu = () => cpuBetween(new Map(), cpuByPid(processTree(app.pid)));
    for (let i = 0; i < WARM_UP * 5; i++) for (const { path, page } of paths) await get(path, page);
    const cpu = new Map<string, number>();
    for (let round = 0; round < CALLS / BATCH; round++)
      for (const { path, page } of paths) {
        const before = treeCpu();
        for (let i = 0; i < BATCH; i++) await get(path, page);
        cpu.set(path, (cpu.get(path) ?? 0) + treeCpu() - before);
      }
    const figure = (path: string) => ((cpu.get(path) ?? 0) / CALLS).toFixed(2);
    say(
      `Next.js alone (bench/floor-app: nothing of the console, served as the console is): ${paths
        .map(({ path, label }) => `${label} ${figure(path)} ms`)
        .join(", ")} of CPU per request, counted as below`,
    );
  } finally {
    await app.close();
  }
}

async function measureOn(database: FreshDatabase | undefined): Promise<Figure[]> {
  const where = database ? "PostgreSQL" : "embedded database";
  say(`— on the ${where} —`);
  // Hundreds of calls in a few minutes: the console's own upstream limit is lifted so none waits or is refused.
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
      CUSTODIAN_RATE_LIMIT: "100000",
      ...(database ? { DATABASE_URL: database.url, CONSOLE_WORKERS: "1" } : {}),
    },
  });
  try {
    const pid = bench.pid;
    if (pid === undefined) throw new Error("the console's process id is unknown");
    const headers = (page: boolean) => ({ cookie: bench.jar.header, accept: page ? "text/html" : "application/json" });
    const get = async (path: string, page: boolean) => {
      const res = await fetch(`${bench.origin}${path}`, { headers: headers(page), redirect: "manual" });
      await res.arrayBuffer();
      return res.status;
    };
    const clients = (await (
      await fetch(`${bench.origin}/api/clients?take=10`, { headers: headers(false) })
    ).json()) as {
      results: { id: string }[];
    };
    const clientId = clients.results?.[0]?.id;
    if (!clientId) throw new Error(`/api/clients answered ${JSON.stringify(clients).slice(0, 200)}`);
    const webhook = bench.sandbox.sandbox.alerts.webhooks[0];
    if (!clientId || !webhook) throw new Error("the sandbox has no client or no webhook");
    const client = encodeURIComponent(clientId);
    const hook = encodeURIComponent(webhook.id);

    const pages = [
      "/",
      "/clients",
      `/clients/${client}`,
      "/approvals",
      "/alerts",
      `/alerts/${hook}`,
      "/alerts/tools",
      "/gas",
      "/yield",
      "/audit",
      "/users",
      "/account/password",
    ];
    const routes = [
      "/api/overview/clients",
      "/api/clients?take=25",
      `/api/clients/${client}`,
      `/api/clients/${client}/ejects`,
      "/api/alerts/webhooks",
      `/api/alerts/webhooks/${hook}/events?`,
      `/api/gas/usage?chain=${encodeURIComponent("eip155:1")}`,
      "/api/audit?limit=50",
      "/api/users",
      "/api/saved-views?scope=alerts.events",
    ];

    // The framework's floor: no session, database or upstream read; a signed-in layout around a static page.
    const floors = [
      { path: "/api/health", page: false, status: 200 },
      { path: "/no-such-page", page: true, status: 404 },
    ];

    // Warm-up, not counted: Next loads a route's code on its first request, and V8 compiles the hot
    // paths over the first few hundred requests of any kind. Every path is warmed before any is counted.
    const all = [
      ...pages.map((path) => ({ path, page: true, status: 200 })),
      ...routes.map((path) => ({ path, page: false, status: 200 })),
      ...floors,
    ];
    for (let i = 0; i < WARM_UP; i++)
      for (const { path, page, status: expected } of all) {
        const status = await get(path, page);
        if (status !== expected) throw new Error(`${path} answered ${status}, not ${expected}`);
      }
    // Counted in rounds that visit every path in turn (BATCH calls of one path at a time), so a
    // garbage collection or a slower minute of the machine falls on every path alike.
    const cpu = new Map<string, number>();
    const dbCpu = new Map<string, number>();
    const dbPids = database ? await postgresPids() : [];
    for (let round = 0; round < CALLS / BATCH; round++)
      for (const { path, page } of all) {
        const before = processCpuMs(pid) ?? 0;
        const dbBefore = cpuByPid(dbPids);
        for (let i = 0; i < BATCH; i++) await get(path, page);
        cpu.set(path, (cpu.get(path) ?? 0) + (processCpuMs(pid) ?? 0) - before);
        if (database) dbCpu.set(path, (dbCpu.get(path) ?? 0) + cpuBetween(dbBefore, cpuByPid(dbPids)));
      }
    const perCall = (path: string) => ({
      ms: (cpu.get(path) ?? 0) / CALLS,
      dbMs: database ? (dbCpu.get(path) ?? 0) / CALLS : undefined,
    });
    const dbNote = (dbMs: number | undefined) =>
      dbMs === undefined ? "" : ` (PostgreSQL ${dbMs.toFixed(1)} ms beside it)`;

    const pageCpu: number[] = [];
    for (const path of pages) {
      const { ms, dbMs } = perCall(path);
      pageCpu.push(ms);
      say(
        `page ${path.replace(client, "[clientId]").replace(hook, "[webhookId]")}: ${ms.toFixed(1)} ms of CPU per render${dbNote(dbMs)}`,
      );
    }
    const routeCpu: number[] = [];
    for (const path of routes) {
      const { ms, dbMs } = perCall(path);
      routeCpu.push(ms);
      say(
        `route ${path.replace(client, "[clientId]").replace(hook, "[webhookId]")}: ${ms.toFixed(2)} ms of CPU per answer${dbNote(dbMs)}`,
      );
    }
    const floorRoute = perCall("/api/health").ms;
    const floorPage = perCall("/no-such-page").ms;
    say(
      `the framework's floor: an empty route handler (/api/health) ${floorRoute.toFixed(2)} ms of CPU per answer, the signed-in not-found page ${floorPage.toFixed(1)} ms per render`,
    );
    say(
      `beyond that floor (the console's own work, its database driver and its rendering): pages ${(median(pageCpu) - floorPage).toFixed(1)} ms, routes ${(median(routeCpu) - floorRoute).toFixed(2)} ms (medians)`,
    );
    say(
      `${CALLS} requests each, one at a time, in rounds of ${BATCH} per path, after ${WARM_UP} rounds of every path not counted; the counters tick every ${1000 / CLOCK_TICKS} ms.`,
    );
    return [
      {
        name: `CPU per page render (median over pages), ${where}`,
        value: median(pageCpu),
        unit: "ms",
        target: 12,
        better: "lower",
      },
      {
        name: `CPU per data route (median over routes), ${where}`,
        value: median(routeCpu),
        unit: "ms",
        target: 3,
        better: "lower",
      },
    ];
  } finally {
    await bench.close();
  }
}
