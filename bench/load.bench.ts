/**
 * Load: 50 signed-in staff at once for 60 s on the list pages and their data routes, against the
 * sandbox with SANDBOX_LATENCY_MS=50 and the console's upstream limit at its default
 * (CUSTODIAN_RATE_LIMIT=200 a minute, the real service's documented limit; the sandbox enforces the
 * same 200 with SANDBOX_RATE_LIMIT, so a request past it would be a 429 as from the real service).
 *
 * autocannon keeps 50 connections busy, each going round the pages (/, /clients, /alerts, /gas) and
 * the routes their browsers call (/api/clients, /api/alerts/webhooks, a webhook's first events page,
 * /api/gas/usage, the overview's two cards). Beside it, two server actions are posted the way the
 * browser posts them: saving a saved view (database only) every 2 s and the replay-all dry run
 * (one upstream read) every 6 s. All connections share one admin session: each request still checks
 * the session (JWT and the user's session version in the database), and a sign-in per user would
 * only meet the sign-in limit of 5 a minute per account.
 *
 * Figures: requests/s; p50/p95/p99 latency; errors (any answer other than 2xx, socket errors and
 * timeouts: a 429 RATE_LIMITED counts); reads the console refused for the rate limit and server
 * errors in its log (a page hides a failed read behind a 200 and fetches it again in the browser,
 * so only the log shows it); upstream requests in the busiest minute, counted at the sandbox; and
 * the console's overhead per data route and per action: the median of Server-Timing's `app` (total
 * minus `upstream`, measured by the handler itself).
 *
 * The whole load runs twice on a fresh PostgreSQL database each (TEST_DATABASE_URL's server): with one
 * console process and with one per core (CONSOLE_WORKERS), the figures named with each.
 *
 * BENCH_LOAD_SECONDS (default 60) shortens the run; BENCH_LOAD_USERS (default 50) changes the users.
 * The console's setup, the mix of pages and routes and what is counted beside the answers are
 * bench/harness/load-mix.ts, shared with bench/load-open.bench.ts (the same mix at a rate staff set).
 */
import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { median } from "../testing/stats";
import type { Figure } from "./figure";
import {
  LOAD_LATENCY_MS as LATENCY_MS,
  LOAD_UPSTREAM_LIMIT as UPSTREAM_LIMIT,
  answersLine,
  appMsOf,
  consoleLogFigure,
  consoleLogNote,
  headersFor,
  latencyFigures,
  noteTaker,
  positive,
  startLoadConsole,
  upstreamSummary,
  warmUp,
} from "./harness/load-mix";
import { freshDatabase } from "./harness/postgres";
import { cpuBetween, cpuByPid, processTree } from "./harness/process-cpu";

export const title = "Load: 50 signed-in staff for 60 s on the list pages and their data routes (upstream at 50 ms)";

const SECONDS = positive("BENCH_LOAD_SECONDS", 60);
const USERS = positive("BENCH_LOAD_USERS", 50);
const SAVE_VIEW_EVERY_MS = 2_000;
const DRY_RUN_EVERY_MS = 6_000;
/** Calls per route (and per action) made one at a time after the load. */
const QUIET_CALLS = 30;
const QUIET_ACTION_CALLS = 8;

/** What the run saw, for bench/REPORT.md under the figures (run.ts reads it after run()). */
export const notes: string[] = [];
const say = noteTaker(notes);

interface Sample {
  ms: number;
  status: number;
  appMs?: number;
}

/** A server action's id and a page that loads it, from the build's manifest (as the browser finds it). */
function builtAction(name: string): string {
  const manifest = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, "../.next/server/server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { exportedName?: string; filename?: string }> };
  const found = Object.entries(manifest.node).find(
    ([, entry]) => entry.exportedName === name && entry.filename?.startsWith("server/actions/"),
  );
  if (!found) throw new Error(`the build has no server action ${name}`);
  return found[0];
}

/** One run of the load: the console as `npm start` runs it with `workers` processes on `databaseUrl`. */
interface RunSetup {
  label: string;
  workers: number;
  databaseUrl: string;
}

/**
 * The load twice, on a fresh PostgreSQL database each time (several console processes need one they
 * share): with one console process, then with one per core (CONSOLE_WORKERS, what `npm start` runs
 * in production). Each run's figures are named with its setup.
 */
export async function run(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const workers of [1, cpus().length]) {
    const database = await freshDatabase();
    try {
      const label = `${workers} worker${workers === 1 ? "" : "s"}`;
      say(`— ${label} (CONSOLE_WORKERS=${workers}, PostgreSQL) —`);
      figures.push(...(await loadRun({ label, workers, databaseUrl: database.url })));
    } finally {
      await database.drop();
    }
  }
  return figures;
}

async function loadRun(setup: RunSetup): Promise<Figure[]> {
  // Other work on the machine takes CPU from the console: said beside the figures.
  const loadBefore = loadavg()[0] ?? 0;
  const load = await startLoadConsole(setup);
  const { bench, targets } = load;
  try {
    const cookie = bench.jar.header;
    await warmUp(load);

    const actions = {
      saveView: {
        name: "saveEventsView",
        id: builtAction("saveEventsView"),
        every: SAVE_VIEW_EVERY_MS,
        argument: { scope: "alerts.events", name: "Load bench: failed", query: "status=failed" },
      },
      dryRun: {
        name: "replayAllDryRun",
        id: builtAction("replayAllDryRun"),
        every: DRY_RUN_EVERY_MS,
        argument: { webhookId: load.webhookId, filters: "" },
      },
    };
    const actionPage = `${bench.origin}/alerts/${encodeURIComponent(load.webhookId)}`;
    const postAction = async (action: (typeof actions)[keyof typeof actions]): Promise<Sample> => {
      const started = performance.now();
      const res = await fetch(actionPage, {
        method: "POST",
        headers: {
          cookie,
          "next-action": action.id,
          "content-type": "text/plain;charset=UTF-8",
          accept: "text/x-component",
        },
        body: JSON.stringify([action.argument]),
      });
      const text = await res.text();
      const ok = res.status === 200 && /"ok":true/.test(text);
      return {
        ms: performance.now() - started,
        status: ok ? 200 : res.status === 200 ? 599 : res.status,
        appMs: appMsOf(res.headers.get("server-timing")),
      };
    };
    for (const action of Object.values(actions)) {
      const warm = await postAction(action);
      if (warm.status !== 200) throw new Error(`warm-up: the action ${action.name} failed (${warm.status})`);
      if (warm.appMs === undefined)
        throw new Error(`the action ${action.name} answered without Server-Timing (is serve.mjs serving?)`);
    }

    const loadStarted = Date.now();
    const consolePids = bench.pid === undefined ? [] : processTree(bench.pid);
    const cpuBefore = cpuByPid(consolePids);
    const samples = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
    const actionSamples = new Map<string, Sample[]>(Object.values(actions).map((a) => [a.name, []]));
    let answered: { name: string; status: number; appMs?: number } | undefined;

    say(
      `${USERS} users for ${SECONDS} s over ${targets.length} pages and routes, 2 actions beside them; the sandbox answers in ≥ ${LATENCY_MS} ms and allows ${UPSTREAM_LIMIT} requests a minute`,
    );
    let finished: (result: autocannon.Result) => void = () => {};
    let failed: (error: unknown) => void = () => {};
    const done = new Promise<autocannon.Result>((resolve, reject) => {
      finished = resolve;
      failed = reject;
    });
    const instance = autocannon(
      {
        url: bench.origin,
        connections: USERS,
        duration: SECONDS,
        timeout: 30,
        requests: targets.map((t) => ({
          method: "GET" as const,
          path: t.path,
          headers: headersFor(t, cookie),
          onResponse: (status: number, _body: string, _context: object, headers?: IncomingHttpHeaders) => {
            const timing =
              headers?.["server-timing"] ?? (headers as Record<string, string> | undefined)?.["Server-Timing"];
            answered = { name: t.name, status, appMs: appMsOf(Array.isArray(timing) ? timing[0] : timing) };
          },
        })),
      },
      (error: unknown, result: autocannon.Result) => (error ? failed(error) : finished(result)),
    );
    // autocannon records the body (onResponse above) just before it emits the same response's timing.
    instance.on("response", (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      if (!answered) return;
      samples.get(answered.name)?.push({ ms: responseTime, status, appMs: answered.appMs });
      answered = undefined;
    });

    let stopActions = false;
    const actionLoops = Object.values(actions).map(async (action) => {
      while (!stopActions) {
        const next = performance.now() + action.every;
        actionSamples.get(action.name)?.push(await postAction(action));
        await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
      }
    });
    const result = await done;
    stopActions = true;
    await Promise.all(actionLoops);
    const loadEnded = Date.now();
    const cpuAfter = cpuByPid(consolePids);
    const loadAfter = loadavg()[0] ?? 0;

    // The same routes and actions one at a time after the load: the console's own work without
    // waiting for the CPU behind 49 other requests.
    const alone = new Map<string, number[]>();
    for (const t of targets.filter((t) => t.kind === "route")) {
      const list: number[] = [];
      for (let i = 0; i < QUIET_CALLS; i++) {
        const res = await fetch(`${bench.origin}${t.path}`, { headers: headersFor(t, cookie) });
        await res.arrayBuffer();
        const app = appMsOf(res.headers.get("server-timing"));
        if (res.status === 200 && app !== undefined) list.push(app);
      }
      alone.set(t.name, list);
    }
    for (const action of Object.values(actions)) {
      const list: number[] = [];
      for (let i = 0; i < QUIET_ACTION_CALLS; i++) {
        const sample = await postAction(action);
        if (sample.status === 200 && sample.appMs !== undefined) list.push(sample.appMs);
      }
      alone.set(`action ${action.name}`, list);
    }

    // What happened.
    const all = [...samples.values()].flat();
    const latencies = all.map((s) => s.ms);
    const httpErrors = all.filter((s) => s.status < 200 || s.status >= 300).length;
    const rateLimited = all.filter((s) => s.status === 429).length;
    const actionErrors = [...actionSamples.values()].flat().filter((s) => s.status !== 200).length;
    const errors = httpErrors + actionErrors + result.errors + result.timeouts;
    const upstream = upstreamSummary(load, loadStarted, loadEnded);

    say(
      `${all.length} page and route answers (${(all.length / ((loadEnded - loadStarted) / 1000)).toFixed(1)}/s), ${[...actionSamples.values()].flat().length} actions; autocannon: ${result.requests.average.toFixed(1)} req/s average, ${result.errors} socket errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    );
    say(
      `errors: ${httpErrors} HTTP (${rateLimited} of them 429), ${actionErrors} actions, ${result.errors + result.timeouts} socket/timeouts; ${consoleLogNote(load)}`,
    );
    const answers = all.length + [...actionSamples.values()].flat().length;
    const consoleCpu = cpuAfter.size > 0 ? cpuBetween(cpuBefore, cpuAfter) : undefined;
    say(
      `machine: ${cpus().length} cores, 1-min load average ${loadBefore.toFixed(1)} before the console started, ${loadAfter.toFixed(1)} at the end of the load${consoleCpu !== undefined ? `; the console (${consolePids.length} process${consolePids.length === 1 ? "" : "es"}) used ${((consoleCpu / (loadEnded - loadStarted)) * 100).toFixed(0)} % of a core, ${(consoleCpu / answers).toFixed(1)} ms of CPU per answer` : ""}`,
    );
    say(upstream.note);
    for (const t of targets) {
      const list = samples.get(t.name) ?? [];
      const app = list.flatMap((s) => (s.appMs === undefined ? [] : [s.appMs]));
      say(
        `${t.name.padEnd(34)} ${answersLine(list.map((s) => s.ms))}${app.length ? `, app median ${median(app).toFixed(1)} ms (alone ${median(alone.get(t.name) ?? []).toFixed(1)} ms)` : ""}`,
      );
    }
    for (const [name, list] of actionSamples) {
      const app = list.flatMap((s) => (s.appMs === undefined ? [] : [s.appMs]));
      say(
        `action ${name.padEnd(27)} ${String(list.length).padStart(6)} calls, p50 ${median(list.map((s) => s.ms)).toFixed(0)} ms, app median ${median(app).toFixed(1)} ms (alone ${median(alone.get(`action ${name}`) ?? []).toFixed(1)} ms)`,
      );
    }

    const rate = all.length / ((loadEnded - loadStarted) / 1000);
    if (consoleCpu !== undefined)
      say(
        `why the latency is what it is: each of the ${USERS} connections waits for its answer before sending the next, so the mean latency is about ${USERS} ÷ ${rate.toFixed(0)} answers/s = ${((USERS / rate) * 1000).toFixed(0)} ms; the console ran ${setup.workers} Node process${setup.workers === 1 ? "" : "es"} and spent ${(consoleCpu / answers).toFixed(1)} ms of CPU per answer (a page render costs several times a route), so it cannot answer much faster than ${setup.workers} × 1000 ÷ that per second, and less while other work (the sandbox, PostgreSQL, this benchmark) shares the ${cpus().length} cores. A p95 under 500 ms needs a mean of about 250 ms, i.e. ${USERS} ÷ 0.25 s = ${USERS * 4} answers/s: under 5 ms of CPU per answer on one core, or more console processes. The overhead alone is the handler's own work; under load it also holds the time its continuations wait for the CPU behind the other requests.`,
      );

    const figures: Figure[] = [
      {
        name: `requests/s (${USERS} users, pages and routes)`,
        value: rate,
        unit: "req/s",
        target: USERS,
        better: "higher",
      },
      ...latencyFigures(latencies, { p50: 250, p95: 500, p99: 1000 }),
      {
        name: "errors (non-2xx incl. 429, failed actions, socket errors)",
        value: errors,
        unit: "",
        target: 0,
        better: "lower",
      },
      consoleLogFigure(load),
      upstream.busiestFigure,
    ];
    for (const t of targets.filter((t) => t.kind === "route")) {
      const app = (samples.get(t.name) ?? []).flatMap((s) => (s.appMs === undefined ? [] : [s.appMs]));
      figures.push(
        {
          name: `console overhead ${t.name}, alone (median app time)`,
          value: median(alone.get(t.name) ?? []),
          unit: "ms",
          target: 10,
          better: "lower",
        },
        {
          name: `console overhead ${t.name}, under load (median app time)`,
          value: median(app),
          unit: "ms",
          target: 10,
          better: "lower",
        },
      );
    }
    for (const [name, list] of actionSamples) {
      const app = list.flatMap((s) => (s.appMs === undefined ? [] : [s.appMs]));
      figures.push(
        {
          name: `console overhead action ${name}, alone (median app time)`,
          value: median(alone.get(`action ${name}`) ?? []),
          unit: "ms",
          target: 10,
          better: "lower",
        },
        {
          name: `console overhead action ${name}, under load (median app time)`,
          value: median(app),
          unit: "ms",
          target: 10,
          better: "lower",
        },
      );
    }
    return figures.map((f) => ({ ...f, name: `${setup.label}: ${f.name}` }));
  } finally {
    await bench.close();
  }
}
