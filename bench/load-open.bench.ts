/**
 * Load as staff really use it: 300 signed-in staff, each asking for a page or a data route every 5 s
 * on average, i.e. about 60 requests a second in all, for 180 s, against the sandbox with
 * SANDBOX_LATENCY_MS=50 and SANDBOX_RATE_LIMIT=200 and the console's own limits at their defaults, on
 * a fresh PostgreSQL database with two console processes (CONSOLE_WORKERS=2).
 *
 * An open model: arrivals come as a Poisson process (exponential gaps of mean 1/60 s), each picks one
 * of the pages and routes of bench/load.bench.ts uniformly (bench/harness/load-mix.ts: /, /clients,
 * /alerts, /gas and the routes their browsers call), and each is sent when it is due, however many
 * are still outstanding. Staff do not wait for a colleague's slow page before asking for theirs, so
 * when the console falls behind the requests queue and the latency grows, as people would see it.
 * bench/load.bench.ts is the other measure and stays as it is: a closed loop (autocannon, each of 50
 * connections sends its next request when its answer is in), which finds the most the console can
 * answer a second, where this one asks whether it answers a realistic rate quickly.
 *
 * The load comes from a process of its own (bench/harness/open-load-generator.ts), so that the CPU of
 * the console (its process tree), of the generator, of this process (the sandbox runs here, with
 * little else during the load) and of PostgreSQL are counted apart. The schedule comes from a PRNG
 * with a fixed seed: two runs with the same settings send the same requests at the same moments. A
 * request's latency counts from the moment it was due, not from when it left, so a generator that
 * sends late (short of CPU on a busy machine) counts against the answer rather than hiding the
 * delay; how late the sends were is said beside the figures. Every staff member shares one admin
 * session, as in bench/load.bench.ts: sign-in is limited to 5 a minute per account, so 300 sign-ins
 * would take an hour, and each request still checks the session (its JWT and the user's session
 * version in the database) as it would for 300 sessions. Every page and route is asked for once
 * first, unmeasured (Next loads a route's code on its first request).
 *
 * Figures: the arrival rate achieved (the schedule's arrivals over the time it took to send them, at
 * least 0.95 × the intended rate, or the generator could not keep up and the run is not the load
 * asked for); latency p50 (target 150 ms: a read waits at least 50 ms for the upstream when it is not
 * shared), p95 (250 ms) and p99 (600 ms), answer complete from the due time; errors (any answer
 * other than 2xx, a 429 counts, socket errors, timeouts of 30 s); reads the console refused for the
 * rate limit and server errors in its log (a page hides a failed read behind a 200); the upstream
 * requests in the busiest minute at the sandbox (the real service allows 200) and the sandbox's 429s.
 * Notes: each page and route's answers with p50 and p95, the CPU of each process group over the load
 * (% of one core and ms per request), and the machine's cores and load average: on a machine busy
 * with other work, the latency figures say more about the machine than about the console.
 *
 * BENCH_OPEN_SECONDS (default 180) sets the duration; BENCH_OPEN_STAFF (default 300) and
 * BENCH_OPEN_THINK_SECONDS (default 5, the mean time between one person's requests) set the rate.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { median } from "../testing/stats";
import type { Figure } from "./figure";
import {
  LOAD_LATENCY_MS,
  LOAD_UPSTREAM_LIMIT,
  answersLine,
  appMsOf,
  consoleLogFigure,
  consoleLogNote,
  headersFor,
  latencyFigures,
  noteTaker,
  percentile,
  positive,
  startLoadConsole,
  upstreamSummary,
  warmUp,
} from "./harness/load-mix";
import type { OpenLoadConfig, OpenLoadReport } from "./harness/open-load-generator";
import { freshDatabase, postgresPids } from "./harness/postgres";
import { cpuBetween, cpuByPid, processTree } from "./harness/process-cpu";

const SECONDS = positive("BENCH_OPEN_SECONDS", 180);
const STAFF = positive("BENCH_OPEN_STAFF", 300);
const THINK_SECONDS = positive("BENCH_OPEN_THINK_SECONDS", 5);
/** Arrivals a second in all. */
const RATE = STAFF / THINK_SECONDS;
/** The fixed seed of the arrival schedule. */
const SEED = "load-open";
const WORKERS = 2;
/** Enough connections that no arrival waits for a socket. */
const MAX_SOCKETS = 512;
const TIMEOUT_MS = 30_000;

export const title = `Load as staff really use it: ${STAFF} signed-in staff, a page or data route every ${THINK_SECONDS} s each (open model, ${RATE.toFixed(0)} requests/s) for ${SECONDS} s (upstream at 50 ms)`;

export const notes: string[] = [];
const say = noteTaker(notes);

const root = path.resolve(import.meta.dirname, "..");
const GENERATOR = path.join(root, "bench/harness/open-load-generator.ts");

type FromGenerator = { type: "ready" } | { type: "done"; report: OpenLoadReport } | { type: "failed"; error: string };

/** The generator's next message, or an error when it exits first. */
function nextMessage(child: ChildProcess): Promise<FromGenerator> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`the load generator exited (code ${code}) before it reported`));
    child.once("error", reject);
    child.once("exit", onExit);
    child.once("message", (message) => {
      child.off("exit", onExit);
      child.off("error", reject);
      resolve(message as FromGenerator);
    });
  });
}

export async function run(): Promise<Figure[]> {
  const database = await freshDatabase();
  try {
    return await openRun(database.url);
  } finally {
    await database.drop();
  }
}

async function openRun(databaseUrl: string): Promise<Figure[]> {
  // Other work on the machine takes CPU from the console: said beside the figures.
  const loadBefore = loadavg()[0] ?? 0;
  const load = await startLoadConsole({ databaseUrl, workers: WORKERS });
  let generator: ChildProcess | undefined;
  try {
    await warmUp(load);

    generator = spawn(process.execPath, ["--import", "tsx", GENERATOR], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const ready = await nextMessage(generator);
    if (ready.type !== "ready") throw new Error(`the load generator said ${ready.type} before it was ready`);
    const generatorPid = generator.pid as number;

    const config: OpenLoadConfig = {
      origin: load.bench.origin,
      targets: load.targets.map((t) => ({ path: t.path, headers: headersFor(t, load.bench.jar.header) })),
      perSecond: RATE,
      seconds: SECONDS,
      seed: SEED,
      maxSockets: MAX_SOCKETS,
      timeoutMs: TIMEOUT_MS,
    };
    say(
      `${STAFF} staff, one request every ${THINK_SECONDS} s each on average: Poisson arrivals at ${RATE.toFixed(0)}/s for ${SECONDS} s (seed "${SEED}"), each one of ${load.targets.length} pages and routes picked uniformly, sent when due over up to ${MAX_SOCKETS} connections; ${WORKERS} console processes on PostgreSQL; the sandbox answers in ≥ ${LOAD_LATENCY_MS} ms and allows ${LOAD_UPSTREAM_LIMIT} requests a minute`,
    );

    // CPU counters at the start of the load, of each group of processes.
    const consolePids = load.bench.pid === undefined ? [] : processTree(load.bench.pid);
    const databasePids = await postgresPids();
    const before = {
      console: cpuByPid(consolePids),
      generator: cpuByPid([generatorPid]),
      bench: cpuByPid([process.pid]),
      database: cpuByPid(databasePids),
    };
    const loadStarted = Date.now();
    const windowStarted = performance.now();
    const done = nextMessage(generator);
    generator.send({ type: "run", config });
    const answer = await done;
    const windowMs = performance.now() - windowStarted;
    const loadEnded = Date.now();
    const after = {
      console: cpuByPid(load.bench.pid === undefined ? [] : processTree(load.bench.pid)),
      generator: cpuByPid([generatorPid]),
      bench: cpuByPid([process.pid]),
      database: cpuByPid([...new Set([...databasePids, ...(await postgresPids())])]),
    };
    const loadAfter = loadavg()[0] ?? 0;
    if (answer.type !== "done")
      throw new Error(`the load generator failed: ${answer.type === "failed" ? answer.error : answer.type}`);
    const report = answer.report;
    generator.disconnect();

    // What happened.
    const arrivals = report.arrivals;
    const latencies = arrivals.map((a) => a.ms);
    const lags = arrivals.map((a) => a.lag);
    const failed = arrivals.filter((a) => a.status < 200 || a.status >= 300);
    const byKind = new Map<string, number>();
    for (const a of failed) {
      const kind = a.error ?? String(a.status);
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    }
    const sendSeconds = Math.max(SECONDS, report.lastSendMs / 1000);
    const achieved = report.scheduled / sendSeconds;
    const meanLatency = latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(1, latencies.length);
    const upstream = upstreamSummary(load, loadStarted, loadEnded);

    say(
      `the schedule held ${report.scheduled} arrivals (${(report.scheduled / SECONDS).toFixed(1)}/s), all sent within ${sendSeconds.toFixed(1)} s: ${achieved.toFixed(1)}/s achieved; sends were late by p50 ${median(lags).toFixed(1)} ms, p99 ${percentile(lags, 99).toFixed(1)} ms, at most ${lags.reduce((most, ms) => Math.max(most, ms), 0).toFixed(0)} ms (counted in the latency); the last answer came ${((report.elapsedMs - report.lastSendMs) / 1000).toFixed(1)} s after the last send`,
    );
    say(
      `in flight: ${report.peakOutstanding} at most, ${(latencies.reduce((sum, ms) => sum + ms, 0) / report.elapsedMs).toFixed(1)} on average (mean latency ${meanLatency.toFixed(0)} ms); ${report.connections} connections opened${report.peakOutstanding > MAX_SOCKETS ? ` (past ${MAX_SOCKETS} at once, a request waited for a free one: counted in its latency)` : ""}`,
    );
    say(
      `errors: ${failed.length}${byKind.size ? ` (${[...byKind].map(([kind, n]) => `${n} × ${kind}`).join(", ")})` : ""}; ${consoleLogNote(load)}`,
    );
    say(upstream.note);
    for (const [index, t] of load.targets.entries()) {
      const list = arrivals.filter((a) => a.target === index);
      const app = list.flatMap((a) => {
        const ms = appMsOf(a.serverTiming);
        return ms === undefined ? [] : [ms];
      });
      say(
        `${t.name.padEnd(34)} ${answersLine(list.map((a) => a.ms))}${app.length ? `, app median ${median(app).toFixed(1)} ms` : ""}`,
      );
    }
    const groups = [
      {
        name: `the console (${consolePids.length} process${consolePids.length === 1 ? "" : "es"})`,
        ms: cpuBetween(before.console, after.console),
      },
      { name: "the load generator", ms: cpuBetween(before.generator, after.generator) },
      { name: "this benchmark's process (the sandbox, mostly)", ms: cpuBetween(before.bench, after.bench) },
      {
        name: `PostgreSQL (${after.database.size} server processes, every database)`,
        ms: cpuBetween(before.database, after.database),
      },
    ];
    const share = (ms: number) => `${((ms / windowMs) * 100).toFixed(0)} % of a core`;
    const perRequest = (ms: number) => `${(ms / Math.max(1, arrivals.length)).toFixed(2)} ms per request`;
    const total = groups.reduce((sum, g) => sum + g.ms, 0);
    say(
      `CPU over the ${(windowMs / 1000).toFixed(1)} s of the load: ${groups.map((g) => `${g.name} ${share(g.ms)}, ${perRequest(g.ms)}`).join("; ")}; together ${share(total)} (the machine has ${cpus().length} cores), ${perRequest(total)}`,
    );
    say(
      `machine: ${cpus().length} cores, 1-min load average ${loadBefore.toFixed(1)} before the console started, ${loadAfter.toFixed(1)} at the end of the load`,
    );

    return [
      {
        name: `arrival rate achieved (${RATE.toFixed(0)}/s intended)`,
        value: achieved,
        unit: "req/s",
        target: 0.95 * RATE,
        better: "higher",
      },
      ...latencyFigures(latencies, { p50: 150, p95: 250, p99: 600 }).map((f) => ({
        ...f,
        name: `${f.name} (from the due time)`,
      })),
      {
        name: "errors (non-2xx incl. 429, socket errors, timeouts)",
        value: failed.length,
        unit: "",
        target: 0,
        better: "lower",
      },
      consoleLogFigure(load),
      upstream.busiestFigure,
      { name: "429s from the sandbox", value: upstream.refused, unit: "", target: 0, better: "lower" },
    ];
  } finally {
    // The generator exits when its channel closes; a stuck one is ended after 5 s.
    const child = generator;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      if (child.connected) child.disconnect();
      const stop = setTimeout(() => child.kill("SIGTERM"), 5000);
      await exited;
      clearTimeout(stop);
    }
    await load.bench.close();
  }
}
