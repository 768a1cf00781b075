/**
 * Compliance exports of alert events, and polite use of the upstream's rate limit.
 *
 * 1. A webhook with about 1,000,000 seeded events, SANDBOX_LATENCY_MS=50, no upstream rate limit:
 *    the console's export (a job in a child Node process on PostgreSQL, 127.0.0.1:5432 database
 *    `test`, a fresh schema) against sequential cursor paging in this process for a bounded time.
 *    Figures: both rates, the speed-up, the export process's peak RSS, and rows lost or duplicated
 *    against the sandbox's own columns.
 * 2. SANDBOX_RATE_LIMIT=600 and CUSTODIAN_RATE_LIMIT=600, an export for about a minute: requests
 *    sent over the first window against what the background share allows, and 429s caused.
 *
 * The sandbox runs in this process on ephemeral ports. The export's child process is this module
 * again (`child()`), started with --conditions=react-server --import tsx.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createHash } from "node:crypto";
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parse } from "csv-parse";
import pino from "pino";
import { loadSandboxEnv } from "../sandbox/env";
import { startSandbox, type StartedSandbox } from "../sandbox/start";
import { AdminClient } from "../server/upstream/admin";
import type { Figure } from "./figure";
import { busiestMinute } from "./harness/load-mix";

export const title =
  "Alerts export: ~1,000,000 events in parallel slices vs cursor paging; the rate limit shared politely";

const KEY = "bench-export-custodian-key";
const SEED_EVENTS = 1_250_000; // 80 % land on the accepting webhook: about a million rows to export
const LATENCY_MS = 50;
const BASELINE_SECONDS = 15;
const RATE_LIMIT = 600;
const RATE_RUN_MS = 68_000;
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

interface ChildConfig {
  schema: string;
  webhookId: string;
  /** Cancel the export after this long (the rate run); otherwise wait for it to finish. */
  stopAfterMs?: number;
}

interface ChildReport {
  status: string;
  error: string | null;
  elapsedMs: number;
  maxRssKb: number;
  result: { fileName: string; rows: number; bytes: number; sha256: string; manifest: { rows: number } } | null;
  exportDir: string;
  runId: string;
  /** Every upstream request the process sent: when (ms since the export started), the status, whether background. */
  requests: { at: number; status: number; background: boolean }[];
  /** RSS before the export started (modules loaded, workers running), and samples during it. */
  idleRssMb: number;
  rssSamples: { at: number; rssMb: number; heapMb: number }[];
}

const say = (line: string) => process.stdout.write(`  ${line}\n`);

async function sandbox(env: Record<string, string>): Promise<StartedSandbox> {
  return startSandbox({
    env: loadSandboxEnv({ SANDBOX_CUSTODIAN_API_KEY: KEY, SANDBOX_SEED_CLIENTS: "10", ...env }),
    port: 0,
    mpcPort: 0,
    bootChains: false,
    chainLog: () => undefined,
    mpcLog: () => undefined,
  });
}

const accepting = (started: StartedSandbox) => {
  const webhook = started.sandbox.alerts.webhooks.find((w) => w.url.endsWith("/webhooks/accepting"));
  if (!webhook) throw new Error("no accepting webhook");
  return webhook;
};

/** Sequential cursor paging, as a page-by-page export would do it, for `seconds`: rows per second. */
async function sequentialRate(started: StartedSandbox, webhookId: string, limit: number, seconds: number) {
  const admin = new AdminClient({ baseURL: started.baseUrl, apiKey: KEY, logger: pino({ level: "silent" }) });
  const t0 = performance.now();
  let rows = 0;
  let pages = 0;
  for await (const page of admin.alerts.webhooks.eventPages(webhookId, {
    eventTypes: "EIP_155_TX_V1",
    limit: String(limit),
  })) {
    rows += page.data.length;
    pages++;
    if (performance.now() - t0 > seconds * 1000) break;
  }
  const elapsed = (performance.now() - t0) / 1000;
  return { rows, pages, elapsed, rate: rows / elapsed };
}

function runChild(started: StartedSandbox, config: ChildConfig, env: Record<string, string>): Promise<ChildReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "export-bench-"));
  const child = spawn(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      "-e",
      "import('./bench/alerts-export.bench.ts').then((m) => m.child()).catch((e) => { console.error(e); process.exit(1); })",
    ],
    {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: {
        ...process.env,
        NODE_ENV: "production",
        CONSOLE_ALLOW_SANDBOX: "1",
        CONSOLE_LOG_LEVEL: "silent",
        CONSOLE_DATA_DIR: dataDir,
        CONSOLE_EXPORT_DIR: path.join(dataDir, "exports"),
        SANDBOX_HOST: "127.0.0.1",
        SANDBOX_PORT: String(started.base.port),
        SANDBOX_MPC_PORT: String(started.mpc.port),
        SANDBOX_CUSTODIAN_API_KEY: KEY,
        EXPORT_BENCH_CHILD: JSON.stringify(config),
        ...env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || !line.startsWith("{"))
        return reject(new Error(`export child exited with ${code}: ${out.slice(-500)}`));
      resolve(JSON.parse(line) as ChildReport);
    });
  });
}

/** Reads the exported CSV and checks every id against the sandbox's rows of the webhook before `untilMs`. */
async function checkAgainstGroundTruth(started: StartedSandbox, webhookIndex: number, file: string, untilMs: number) {
  const store = started.sandbox.alerts.store;
  const list = store.byWebhook[webhookIndex]?.view() ?? new Uint32Array(0);
  const seen = new Uint8Array(store.length);
  const hash = createHash("sha256");
  let rows = 0;
  let duplicated = 0;
  let foreign = 0;
  const input = createReadStream(file);
  input.on("data", (chunk) => hash.update(chunk));
  for await (const record of input.pipe(parse({ from_line: 2 })) as AsyncIterable<string[]>) {
    rows++;
    const i = store.indexOf(record[0] as string);
    if (i === undefined || store.webhook[i] !== webhookIndex || (store.created[i] as number) >= untilMs) foreign++;
    else if (seen[i]) duplicated++;
    else seen[i] = 1;
  }
  let truth = 0;
  let lost = 0;
  for (const i of list)
    if ((store.created[i] as number) < untilMs) {
      truth++;
      if (!seen[i]) lost++;
    }
  return { rows, truth, lost, duplicated, foreign, sha256: hash.digest("hex") };
}

export async function run(): Promise<Figure[]> {
  const figures: Figure[] = [];

  // ── 1. A million rows, latency-bound ──────────────────────────────────────────────────────────
  let t = performance.now();
  let started = await sandbox({ SANDBOX_SEED_EVENTS: String(SEED_EVENTS), SANDBOX_LATENCY_MS: String(LATENCY_MS) });
  try {
    const webhook = accepting(started);
    const onWebhook = started.sandbox.alerts.store.byWebhook[webhook.index]?.length ?? 0;
    say(
      `sandbox: ${SEED_EVENTS.toLocaleString("en")} events seeded (${onWebhook.toLocaleString("en")} on the exported webhook), ${LATENCY_MS} ms latency, no rate limit; started in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const base100 = await sequentialRate(started, webhook.id, 100, BASELINE_SECONDS);
    say(
      `baseline: sequential cursor paging, 100 per page (the upstream's default): ${base100.rows.toLocaleString("en")} rows in ${base100.elapsed.toFixed(1)} s = ${base100.rate.toFixed(0)} rows/s`,
    );
    const base1000 = await sequentialRate(started, webhook.id, 1000, BASELINE_SECONDS);
    say(
      `baseline: sequential cursor paging, 1000 per page: ${base1000.rows.toLocaleString("en")} rows in ${base1000.elapsed.toFixed(1)} s = ${base1000.rate.toFixed(0)} rows/s`,
    );

    say("export: the alerts.export job in a child process (PostgreSQL, fresh schema), CSV, no filters …");
    const report = await runChild(
      started,
      { schema: `bench_${randomBytes(5).toString("hex")}`, webhookId: webhook.id },
      { CUSTODIAN_RATE_LIMIT: "100000" },
    );
    if (report.status !== "succeeded" || !report.result)
      throw new Error(`the export ended ${report.status}: ${report.error}`);
    const { result } = report;
    const exportRate = result.rows / (report.elapsedMs / 1000);
    const samples = report.rssSamples.map((r) => r.rssMb);
    const at = (share: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * share))] ?? 0;
    const heaps = report.rssSamples.map((r) => r.heapMb);
    say(
      `export: ${result.rows.toLocaleString("en")} rows, ${(result.bytes / 1e6).toFixed(0)} MB in ${(report.elapsedMs / 1000).toFixed(1)} s = ${exportRate.toFixed(0)} rows/s over ${report.requests.length} upstream requests`,
    );
    say(
      `export process memory: ${report.idleRssMb} MB before the export (modules, the tsx loader, job workers); RSS at 25/50/75/100 % of the run ${at(0.25)}/${at(0.5)}/${at(0.75)}/${at(0.999)} MB; peak (maxRSS) ${(report.maxRssKb / 1024).toFixed(0)} MB; JavaScript heap in use at most ${Math.max(...heaps)} MB`,
    );
    t = performance.now();
    const file = path.join(report.exportDir, report.runId, result.fileName);
    const untilMs = Date.parse((result.manifest as unknown as { range: { until: string } }).range.until);
    const check = await checkAgainstGroundTruth(started, webhook.index, file, untilMs);
    rmSync(path.dirname(report.exportDir), { recursive: true, force: true });
    say(
      `ground truth: ${check.truth.toLocaleString("en")} events in the range; file: ${check.rows.toLocaleString("en")} rows, ${check.lost} lost, ${check.duplicated} duplicated, ${check.foreign} not in the range; SHA-256 ${check.sha256 === result.sha256 ? "matches" : "DOES NOT MATCH"} the manifest (checked in ${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );
    say(
      `speed-up: ${(exportRate / base100.rate).toFixed(1)}× over paging at 100 per page; ${(exportRate / base1000.rate).toFixed(1)}× over paging at 1000 per page (the parallel slices alone)`,
    );
    figures.push(
      {
        // The baseline's own bound: at 50 ms a page, 100 rows a page cannot exceed 2000 rows/s; at
        // least half of that shows it is not handicapped.
        name: "baseline: sequential cursor paging (100 per page; at most 2000 rows/s at 50 ms)",
        value: base100.rate,
        unit: "rows/s",
        target: 1000,
        better: "higher",
      },
      {
        name: "export of ~1,000,000 events (parallel time slices)",
        value: exportRate,
        unit: "rows/s",
        target: 8 * base100.rate,
        better: "higher",
      },
      {
        name: "export speed-up over sequential cursor paging",
        value: exportRate / base100.rate,
        unit: "×",
        target: 8,
        better: "higher",
      },
      {
        name: "peak RSS of the exporting process",
        value: report.maxRssKb / 1024,
        unit: "MB",
        target: 300,
        better: "lower",
      },
      {
        name: "rows lost or duplicated against the sandbox's ground truth",
        value: check.lost + check.duplicated + check.foreign + (check.sha256 === result.sha256 ? 0 : 1),
        unit: "rows",
        target: 0,
        better: "lower",
      },
    );
  } finally {
    await started.close();
  }

  // ── 2. Rate-bound: the background share of a limit shared with the upstream ───────────────────
  t = performance.now();
  started = await sandbox({
    SANDBOX_SEED_EVENTS: String(SEED_EVENTS),
    SANDBOX_LATENCY_MS: String(LATENCY_MS),
    SANDBOX_RATE_LIMIT: String(RATE_LIMIT),
  });
  try {
    const webhook = accepting(started);
    say(
      `rate run: SANDBOX_RATE_LIMIT=${RATE_LIMIT}, CUSTODIAN_RATE_LIMIT=${RATE_LIMIT}, background share 0.7; exporting for ${RATE_RUN_MS / 1000} s …`,
    );
    const report = await runChild(
      started,
      { schema: `bench_${randomBytes(5).toString("hex")}`, webhookId: webhook.id, stopAfterMs: RATE_RUN_MS },
      { CUSTODIAN_RATE_LIMIT: String(RATE_LIMIT), CONSOLE_BACKGROUND_RATE_SHARE: "0.7" },
    );
    rmSync(path.dirname(report.exportDir), { recursive: true, force: true });
    const first = report.requests[0]?.at ?? 0;
    // The console's shared window is the upstream's minute plus a second of margin (server/upstream/shared-budget.ts).
    const windowMs = 61_000;
    const allowed = Math.floor(RATE_LIMIT * 0.7);
    const background = report.requests.filter((r) => r.background);
    const inWindow = background.filter((r) => r.at >= first && r.at < first + windowMs).length;
    const rejected = report.requests.filter((r) => r.status === 429).length;
    const busiest = busiestMinute(report.requests.map((r) => r.at));
    say(
      `rate run: ${report.requests.length} requests in ${(report.elapsedMs / 1000).toFixed(0)} s (${report.status}), ${background.length} of them the export's; ${inWindow} of those in the first ${windowMs / 1000} s window against ${allowed} allowed for background work; busiest 60 s (all requests): ${busiest} of ${RATE_LIMIT}; 429s: ${rejected}`,
    );
    figures.push(
      {
        name: `achieved / allowed background request rate (limit ${RATE_LIMIT}/min, share 0.7)`,
        value: inWindow / allowed,
        unit: "",
        target: 0.95,
        better: "higher",
      },
      { name: "429s caused by the console", value: rejected, unit: "", target: 0, better: "lower" },
    );
  } finally {
    await started.close();
  }
  return figures;
}

/** The export process: a console instance with job workers, running one export and reporting on stdout. */
export async function child(): Promise<void> {
  const config = JSON.parse(process.env.EXPORT_BENCH_CHILD ?? "{}") as ChildConfig;
  const requests: ChildReport["requests"] = [];
  let t0 = performance.now();
  // Counted before the console builds its upstream client, which binds fetch.
  const realFetch = globalThis.fetch.bind(globalThis);
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const response = await realFetch(input, init);
    requests.push({
      at: Math.round(performance.now() - t0),
      status: response.status,
      background: url.includes("/events"),
    });
    return response;
  };

  const { openDb } = await import("../server/db/client");
  const { setDbForTests } = await import("../server/db");
  const { bossSchemaFor } = await import("../server/jobs/boss-db");
  const jobs = await import("../server/jobs");
  const { queueExport } = await import("../server/alerts/export/start");
  const { exportDir } = await import("../server/exports/files");
  const handle = await openDb({ databaseUrl: DATABASE_URL, schemaName: config.schema });
  setDbForTests(handle);
  await jobs.startJobWorkers({ timing: { pollingIntervalSeconds: 0.5, sweepMs: 2_000 } });

  const user = {
    id: "bench",
    email: "bench@example.com",
    name: null,
    role: "compliance" as const,
    mustChangePassword: false,
  };
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  const idleRssMb = mb(process.memoryUsage().rss);
  const rssSamples: ChildReport["rssSamples"] = [];
  t0 = performance.now();
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    rssSamples.push({ at: Math.round(performance.now() - t0), rssMb: mb(m.rss), heapMb: mb(m.heapUsed) });
  }, 500);
  requests.length = 0;
  if (process.env.BENCH_EXPORT_HEAP_PROF && config.stopAfterMs === undefined)
    await profileAllocations(process.env.BENCH_EXPORT_HEAP_PROF, 15_000);
  const { run } = await queueExport(user, {
    webhookId: config.webhookId,
    filters: { type: "EIP_155_TX_V1", statuses: [], tz: "UTC", chains: [], limit: 100, test: "include" },
    format: "csv",
  });
  let final = run.status;
  let cancelled = false;
  for (;;) {
    const current = await jobs.getJobRun(run.id);
    final = current?.status ?? "failed";
    if (["succeeded", "failed", "cancelled"].includes(final)) break;
    if (config.stopAfterMs !== undefined && !cancelled && performance.now() - t0 > config.stopAfterMs) {
      cancelled = true;
      await jobs.cancelJob(run.id, { id: user.id, email: user.email });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const elapsedMs = performance.now() - t0;
  clearInterval(sampler);
  const ended = await jobs.getJobRun(run.id);
  const report: ChildReport = {
    status: final,
    error: ended?.error ?? null,
    elapsedMs,
    maxRssKb: process.resourceUsage().maxRSS,
    result: (ended?.result as ChildReport["result"]) ?? null,
    exportDir: exportDir(),
    runId: run.id,
    requests,
    idleRssMb,
    rssSamples,
  };
  await jobs.stopJobWorkers();
  await handle.db.execute(`drop schema if exists ${bossSchemaFor(handle.raw)} cascade` as never).catch(() => {});
  await handle.db.execute(`drop schema if exists ${config.schema} cascade` as never).catch(() => {});
  await handle.close();
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
}

/**
 * BENCH_EXPORT_HEAP_PROF=<file>: what the full export allocates in its first `ms`, garbage included
 * (V8's sampling heap profiler, every 32 KB allocated), written to <file> as a .heapprofile (Chrome's
 * DevTools, Memory tab). Allocation, not what stays, is what drives young collections and the
 * promotion of requests in flight into old space.
 */
async function profileAllocations(file: string, ms: number): Promise<void> {
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 32768,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  setTimeout(async () => {
    const { profile } = await session.post("HeapProfiler.stopSampling");
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }, ms).unref();
}
