/**
 * What the two load benchmarks share (bench/load.bench.ts, the closed loop that saturates the console,
 * and bench/load-open.bench.ts, staff arriving at their own pace): the console they start (the
 * sandbox at SANDBOX_LATENCY_MS=50 and SANDBOX_RATE_LIMIT=200, the console's own limits at their
 * defaults, on a PostgreSQL database with CONSOLE_WORKERS processes), what they count beside the
 * answers (the console's log, the upstream requests at the sandbox), the mix of pages and data routes
 * they ask for, and the small statistics and figures they report the same way.
 */
import { median } from "../../testing/stats";
import type { Figure } from "../figure";
import { startBenchConsole, type BenchConsole } from "./console";

/** The sandbox's answer time for every upstream request. */
export const LOAD_LATENCY_MS = 50;
/** Upstream requests a minute: the real service's documented limit, enforced by the sandbox. */
export const LOAD_UPSTREAM_LIMIT = 200;

/** A whole number above 0 from the environment, or the fallback when it is unset. */
export function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!(Number.isInteger(value) && value > 0)) throw new Error(`${name} must be a whole number above 0, got ${raw}`);
  return value;
}

/** A benchmark's `say`: prints a line and keeps it for bench/REPORT.md (run.ts reads `notes` after run()). */
export function noteTaker(notes: string[]): (line: string) => void {
  return (line) => {
    process.stdout.write(`  ${line}\n`);
    notes.push(line.replace(/\s+/g, " "));
  };
}

export interface Target {
  name: string;
  path: string;
  /** A data route (JSON with Server-Timing), or a page (HTML). */
  kind: "route" | "page";
}

/**
 * The list pages (/, /clients, /alerts, /gas) and the routes their browsers call: the overview's two
 * cards, the clients' first page, the webhooks, a webhook's first events page, the gas usage.
 */
function loadTargets(webhookId: string): Target[] {
  return [
    { name: "/", path: "/", kind: "page" },
    { name: "/api/overview/clients", path: "/api/overview/clients", kind: "route" },
    { name: "/api/overview/gas", path: "/api/overview/gas", kind: "route" },
    { name: "/clients", path: "/clients", kind: "page" },
    { name: "/api/clients", path: "/api/clients?take=25", kind: "route" },
    { name: "/alerts", path: "/alerts", kind: "page" },
    { name: "/api/alerts/webhooks", path: "/api/alerts/webhooks", kind: "route" },
    {
      name: "/api/alerts/webhooks/[id]/events",
      path: `/api/alerts/webhooks/${encodeURIComponent(webhookId)}/events?`,
      kind: "route",
    },
    { name: "/gas", path: "/gas", kind: "page" },
    { name: "/api/gas/usage", path: `/api/gas/usage?chain=${encodeURIComponent("eip155:1")}`, kind: "route" },
  ];
}

/** The headers a signed-in browser sends for a page or a data route. */
export function headersFor(target: Target, cookie: string): Record<string, string> {
  return { cookie, accept: target.kind === "page" ? "text/html" : "application/json" };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Server-Timing's `app`: the handler's own time (total minus `upstream`), measured by the handler. */
export function appMsOf(serverTiming: string | null | undefined): number | undefined {
  const match = /(?:^|,)\s*app;dur=([\d.]+)/.exec(serverTiming ?? "");
  return match ? Number(match[1]) : undefined;
}

/** The most requests inside any 60 s window. */
export function busiestMinute(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[j] as number) <= (sorted[i] as number) - 60_000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/** `   123 answers, p50 45 ms, p95 120 ms` for one target's latencies. */
export function answersLine(ms: number[]): string {
  return `${String(ms.length).padStart(6)} answers, p50 ${median(ms).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms`;
}

/** The latency figures p50, p95 and p99, each with its target (ms). */
export function latencyFigures(latencies: number[], targets: { p50: number; p95: number; p99: number }): Figure[] {
  return ([50, 95, 99] as const).map((p) => ({
    name: `latency p${p}`,
    value: percentile(latencies, p),
    unit: "ms",
    target: targets[`p${p}`],
    better: "lower" as const,
  }));
}

/** What the console's JSON log said during a run (a page hides a failed read behind a 200: only the log shows it). */
interface ConsoleLogCounts {
  refusedForRateLimit: number;
  serverErrors: number;
  upstreamFailures: Map<string, number>;
}

/** A console started for a load run, with what is counted beside the answers. */
export interface LoadConsole {
  bench: BenchConsole;
  consoleLog: ConsoleLogCounts;
  /** Every request the sandbox answered on the custodian's budget (base API and MPC), when and how. */
  upstream: { at: number; status: number }[];
  /** Calls to the chains' gateway (/rpc/…, the watchdog's receipts): the same server, not that budget. */
  gateway: { calls: number };
  /** The sandbox's first alert webhook (its events page is one of the targets). */
  webhookId: string;
  /** The mix of pages and data routes, in the order of loadTargets. */
  targets: Target[];
}

/**
 * The console as `npm start` runs it with `workers` processes on `databaseUrl`, against the sandbox
 * with 5,000 seeded events, SANDBOX_LATENCY_MS=50 and SANDBOX_RATE_LIMIT=200, the console's own limits
 * at their defaults (nothing inherited from this shell), its log at warn and counted line by line.
 */
export async function startLoadConsole(setup: { databaseUrl: string; workers: number }): Promise<LoadConsole> {
  const consoleLog: ConsoleLogCounts = { refusedForRateLimit: 0, serverErrors: 0, upstreamFailures: new Map() };
  const bench = await startBenchConsole({
    seedEvents: 5000,
    sandboxEnv: { SANDBOX_LATENCY_MS: String(LOAD_LATENCY_MS), SANDBOX_RATE_LIMIT: String(LOAD_UPSTREAM_LIMIT) },
    // The console's own defaults: nothing inherited from this shell.
    consoleEnv: {
      CUSTODIAN_RATE_LIMIT: undefined,
      CONSOLE_SHARED_READ_TTL_MS: undefined,
      CONSOLE_LOG_LEVEL: "warn",
      DATABASE_URL: setup.databaseUrl,
      CONSOLE_WORKERS: String(setup.workers),
    },
    onConsoleLog: (line) => {
      let entry: { level?: number; msg?: string; error?: string };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        return;
      }
      if (entry.error === "console_rate_limit") consoleLog.refusedForRateLimit++;
      if ((entry.level ?? 0) >= 50) consoleLog.serverErrors++;
      if (entry.msg === "upstream request" && entry.error)
        consoleLog.upstreamFailures.set(entry.error, (consoleLog.upstreamFailures.get(entry.error) ?? 0) + 1);
    },
  });
  const upstream: LoadConsole["upstream"] = [];
  const gateway = { calls: 0 };
  for (const server of [bench.sandbox.base.server, bench.sandbox.mpc.server])
    server.on("request", (req, res) =>
      res.on("finish", () => {
        if (req.url?.startsWith("/rpc/")) gateway.calls++;
        else upstream.push({ at: Date.now(), status: res.statusCode });
      }),
    );
  const webhook = bench.sandbox.sandbox.alerts.webhooks[0];
  if (!webhook) {
    await bench.close();
    throw new Error("the sandbox has no alert webhook");
  }
  return { bench, consoleLog, upstream, gateway, webhookId: webhook.id, targets: loadTargets(webhook.id) };
}

/** Warm-up, not measured: each page and route once (Next loads a route's code on its first request). */
export async function warmUp(load: LoadConsole): Promise<void> {
  for (const t of load.targets) {
    const res = await fetch(`${load.bench.origin}${t.path}`, {
      headers: headersFor(t, load.bench.jar.header),
      redirect: "manual",
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`warm-up: ${t.name} answered ${res.status}`);
  }
}

/** `console log: N reads refused for the rate limit, N server errors[, upstream failures {…}]`. */
export function consoleLogNote(load: LoadConsole): string {
  const { refusedForRateLimit, serverErrors, upstreamFailures } = load.consoleLog;
  return `console log: ${refusedForRateLimit} reads refused for the rate limit, ${serverErrors} server errors${upstreamFailures.size ? `, upstream failures ${JSON.stringify(Object.fromEntries(upstreamFailures))}` : ""}`;
}

/** The figure of the console's log: reads refused for the rate limit and server errors (target 0). */
export function consoleLogFigure(load: LoadConsole): Figure {
  return {
    name: "reads refused for the rate limit or failed on the server (console log)",
    value: load.consoleLog.refusedForRateLimit + load.consoleLog.serverErrors,
    unit: "",
    target: 0,
    better: "lower",
  };
}

/**
 * The upstream requests counted at the sandbox: a note, the busiest minute as a figure (held to the
 * limit of 200; a run shorter than a minute counts warm-up and load together) and the sandbox's 429s.
 */
export function upstreamSummary(
  load: LoadConsole,
  loadStarted: number,
  loadEnded: number,
): { note: string; busiestFigure: Figure; refused: number } {
  const times = load.upstream.map((u) => u.at);
  const during = load.upstream.filter((u) => u.at >= loadStarted && u.at <= loadEnded).length;
  const refused = load.upstream.filter((u) => u.status === 429).length;
  const busiest = busiestMinute(times);
  const minutes = (loadEnded - loadStarted) / 60_000;
  const note = `upstream: ${load.upstream.length} requests in all (${during} during the load, ${(during / minutes).toFixed(0)}/min), busiest 60 s: ${busiest}${minutes < 1 ? ` (the run is shorter than a minute: warm-up and load together)` : ""}; 429s from the sandbox: ${refused}; beside them ${load.gateway.calls} calls to the chains' gateway (not the custodian's budget)`;
  const busiestFigure: Figure = {
    name: `upstream requests in the busiest ${minutes < 1 ? `${Math.round((Date.now() - (times[0] ?? Date.now())) / 1000)} s (run < 1 min)` : "minute"}, at the sandbox`,
    value: busiest,
    unit: "req",
    target: LOAD_UPSTREAM_LIMIT,
    better: "lower",
  };
  return { note, busiestFigure, refused };
}
