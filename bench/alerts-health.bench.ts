/**
 * A webhook's 30-day delivery health and its chain watchdog on ~1,000,000 events (the sandbox seeds
 * 1,250,000, 80 % on the accepting webhook), read by the console's own code in this process:
 *
 * 1. the upstream's real limit, 200 requests a minute (SANDBOX_RATE_LIMIT and CUSTODIAN_RATE_LIMIT),
 *    50 ms latency: the health view's requests (90 counts + the streak reads), sent at background
 *    priority, so at most 70 % of the limit;
 * 2. the limit off, 50 ms latency: the same view, and the watchdog (a day of alerts walked 1,000 a
 *    page, paired, the newest findings and the newest confirmed transactions looked up on the chain).
 *
 * Upstream requests are counted at the fetch the console's client uses (the chain lookups of the
 * watchdog go to the RPC gateway and are counted apart).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadSandboxEnv } from "../sandbox/env";
import { startSandbox, type StartedSandbox } from "../sandbox/start";
import type { Figure } from "./figure";

// The console's modules are loaded after its environment is set (its logger reads the level once).
process.env.CONSOLE_LOG_LEVEL = "silent";
const { forgetHealthCacheForTests, readWebhookHealth } = await import("../server/alerts/health");
const { readWatchdog } = await import("../server/alerts/watchdog");
const { forgetEnvForTests } = await import("../server/env");

export const title = "Alerts health and chain watchdog: a 30-day health view and a day's watchdog on ~1,000,000 events";

const SEED_EVENTS = 1_250_000;
const LATENCY_MS = 50;

const say = (line: string) => process.stdout.write(`  ${line}\n`);

interface Counted {
  admin: number;
  rpc: number;
}

async function withConsole<T>(
  limit: number | undefined,
  work: (sandbox: StartedSandbox, counted: Counted) => Promise<T>,
): Promise<T> {
  const key = `bench-health-key-${limit ?? "off"}`;
  const sandbox = await startSandbox({
    env: loadSandboxEnv({
      SANDBOX_CUSTODIAN_API_KEY: key,
      SANDBOX_SEED_CLIENTS: "10",
      SANDBOX_SEED_EVENTS: String(SEED_EVENTS),
      SANDBOX_LATENCY_MS: String(LATENCY_MS),
      SANDBOX_RETRY_SCALE: "off",
      ...(limit ? { SANDBOX_RATE_LIMIT: String(limit) } : {}),
    }),
    port: 0,
    mpcPort: 0,
    bootChains: false,
    chainLog: () => undefined,
    mpcLog: () => undefined,
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), "health-bench-"));
  const saved = { ...process.env };
  Object.assign(process.env, {
    NODE_ENV: "production",
    CONSOLE_ALLOW_SANDBOX: "1",
    CONSOLE_LOG_LEVEL: "silent",
    CONSOLE_DATA_DIR: dataDir,
    SANDBOX_HOST: "127.0.0.1",
    SANDBOX_PORT: String(sandbox.base.port),
    SANDBOX_MPC_PORT: String(sandbox.mpc.port),
    SANDBOX_CUSTODIAN_API_KEY: key,
    CUSTODIAN_RATE_LIMIT: String(limit ?? 100_000),
  });
  forgetEnvForTests();
  const counted: Counted = { admin: 0, rpc: 0 };
  const realFetch = globalThis.fetch.bind(globalThis);
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(`${sandbox.baseUrl}/rpc/`)) counted.rpc++;
    else if (url.startsWith(`${sandbox.baseUrl}/`)) counted.admin++;
    return realFetch(input, init);
  };
  try {
    return await work(sandbox, counted);
  } finally {
    globalThis.fetch = realFetch;
    process.env = saved;
    forgetEnvForTests();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const accepting = (sandbox: StartedSandbox) =>
  sandbox.sandbox.alerts.webhooks.find((w) => w.url.endsWith("/webhooks/accepting"))?.id as string;

async function healthView(sandbox: StartedSandbox, counted: Counted) {
  forgetHealthCacheForTests();
  const before = counted.admin;
  const t0 = performance.now();
  const health = await readWebhookHealth(accepting(sandbox), "30d", "UTC");
  const ms = performance.now() - t0;
  const events = (health.totals.success ?? 0) + (health.totals.failed ?? 0) + (health.totals.pending ?? 0);
  return { ms, requests: counted.admin - before, events, reported: health.requests };
}

export async function run(): Promise<Figure[]> {
  const limited = await withConsole(200, async (sandbox, counted) => {
    const view = await healthView(sandbox, counted);
    // The same view again within five minutes: the ended days come from the console's cache.
    const before = counted.admin;
    const t0 = performance.now();
    await readWebhookHealth(accepting(sandbox), "30d", "UTC");
    const again = { ms: performance.now() - t0, requests: counted.admin - before };
    say(
      `limit 200/min: 30-day health of ${view.events.toLocaleString("en")} events in ${(view.ms / 1000).toFixed(1)} s, ${view.requests} requests (${((view.requests / 200) * 100).toFixed(0)} % of a minute's limit); again: ${again.requests} requests, ${again.ms.toFixed(0)} ms`,
    );
    return { ...view, again };
  });
  const open = await withConsole(undefined, async (sandbox, counted) => {
    const view = await healthView(sandbox, counted);
    say(`limit off: 30-day health in ${view.ms.toFixed(0)} ms, ${view.requests} requests`);
    const before = { ...counted };
    const t0 = performance.now();
    const report = await readWatchdog(accepting(sandbox));
    const ms = performance.now() - t0;
    const watchdog = {
      ms,
      admin: counted.admin - before.admin,
      rpc: counted.rpc - before.rpc,
      transactions: report.transactions,
      findings: report.findings.length,
      confirmedAsked: report.confirmedChecks.asked,
      disputed: report.confirmedChecks.disputed.length,
    };
    say(
      `watchdog: ${watchdog.transactions.toLocaleString("en")} transactions of the last day paired, ${watchdog.findings} findings, ${watchdog.confirmedAsked} confirmed ones asked of the chain (${watchdog.disputed} disputed), ${watchdog.admin} list requests + ${watchdog.rpc} chain lookups, ${ms.toFixed(0)} ms`,
    );
    return { view, watchdog };
  });
  return [
    // 30 days × 3 statuses, plus the last success and the newest settled delivery (and the failures since, when failing).
    { name: "30-day health view: upstream requests", value: open.view.requests, unit: "", target: 93, better: "lower" },
    {
      name: "30-day health view at the real limit (200/min, background share 0.7, 50 ms)",
      value: limited.ms / 1000,
      unit: "s",
      target: 60,
      better: "lower",
    },
    {
      name: "the same view again within five minutes: upstream requests",
      value: limited.again.requests,
      unit: "",
      target: 5,
      better: "lower",
    },
    {
      name: "30-day health view, limit off, 50 ms latency",
      value: open.view.ms,
      unit: "ms",
      target: 2000,
      better: "lower",
    },
    {
      name: "watchdog (a day of alerts): list requests",
      value: open.watchdog.admin,
      unit: "",
      target: 30,
      better: "lower",
    },
    {
      name: "watchdog, limit off, 50 ms latency (lookups included)",
      value: open.watchdog.ms,
      unit: "ms",
      target: 5000,
      better: "lower",
    },
  ];
}
