/**
 * A production console for a benchmark, served the way `npm start` serves it (scripts/serve.mjs)
 * against a sandbox started in this process on ephemeral ports, with a fresh PGlite data dir and
 * a signed-in admin. The build is made first when `.next` is missing or older than the sources.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@/testing/chromium";
import { loadSandboxEnv } from "../../sandbox/env";
import { startSandbox, type StartedSandbox } from "../../sandbox/start";
import { buildIsStale } from "../../scripts/build-state";

const root = path.resolve(import.meta.dirname, "../..");
export const BENCH_CUSTODIAN_KEY = "bench-custodian-key";
const KEY = BENCH_CUSTODIAN_KEY;
export const BENCH_ADMIN = { email: "bench-admin@bench.test", password: "bench-admin-password-1" };
export const CHROMIUM = CHROMIUM_PATH;

export function ensureBuild() {
  if (!buildIsStale()) return;
  process.stdout.write("  the build is missing or older than the sources: next build…\n");
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error("next build failed; see the output above");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the console exited during start-up (code ${child.exitCode})`);
    const ok = await fetch(url, { redirect: "manual" }).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the console did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/** A cookie jar of one origin: enough for next-auth's CSRF and session cookies. */
export class Jar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  entries() {
    return [...this.cookies];
  }
}

async function signIn(origin: string, jar: Jar) {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  jar.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
    body: new URLSearchParams({ ...BENCH_ADMIN, csrfToken, callbackUrl: `${origin}/`, json: "true" }),
  });
  jar.take(res);
  if (!jar.entries().some(([name]) => name.endsWith("next-auth.session-token")))
    throw new Error(`sign-in failed (${res.status}): no session cookie`);
}

export interface BenchConsole {
  origin: string;
  /** The console's process (serve.mjs with Next in it). */
  pid: number | undefined;
  /** The signed-in admin's cookies. */
  jar: Jar;
  sandbox: StartedSandbox;
  close: () => Promise<void>;
}

export interface BenchConsoleOptions {
  seedEvents?: number;
  /** More sandbox variables (SANDBOX_LATENCY_MS, SANDBOX_RATE_LIMIT…). */
  sandboxEnv?: Record<string, string>;
  /** More console variables; undefined removes one inherited from this process (to get its default). */
  consoleEnv?: Record<string, string | undefined>;
  /** Node options for the console's process, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
  /** Each line the console writes on stdout (its JSON log); without it stdout is dropped. */
  onConsoleLog?: (line: string) => void;
}

export async function startBenchConsole(options: BenchConsoleOptions = {}): Promise<BenchConsole> {
  ensureBuild();
  const sandbox = await startSandbox({
    env: loadSandboxEnv({
      SANDBOX_CUSTODIAN_API_KEY: KEY,
      SANDBOX_SEED_EVENTS: String(options.seedEvents ?? 100),
      ...options.sandboxEnv,
    }),
    port: 0,
    mpcPort: 0,
    bootChains: false,
    chainLog: () => undefined,
    mpcLog: () => undefined,
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-console-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    CONSOLE_HOST: "127.0.0.1",
    CONSOLE_DATA_DIR: dataDir,
    CONSOLE_ALLOW_SANDBOX: "1",
    CONSOLE_LOG_LEVEL: "warn",
    CONSOLE_ADMIN_EMAIL: BENCH_ADMIN.email,
    CONSOLE_ADMIN_PASSWORD: BENCH_ADMIN.password,
    SANDBOX_PORT: new URL(sandbox.baseUrl).port,
    SANDBOX_MPC_PORT: new URL(sandbox.mpcUrl).port,
    SANDBOX_CUSTODIAN_API_KEY: KEY,
    ...options.consoleEnv,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const server: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), path.join(root, "scripts/serve.mjs")],
    {
      cwd: root,
      stdio: ["ignore", options.onConsoleLog ? "pipe" : "ignore", "inherit"],
      env: env as NodeJS.ProcessEnv,
    },
  );
  if (options.onConsoleLog && server.stdout) {
    const onLine = options.onConsoleLog;
    createInterface({ input: server.stdout }).on("line", onLine);
  }
  const close = async () => {
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${origin}/signin`, server);
    const jar = new Jar();
    await signIn(origin, jar);
    return { origin, pid: server.pid, jar, sandbox, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Debian's Chromium through Playwright, with the session's cookies; undefined when it is not installed. */
export async function benchBrowser(bench: BenchConsole) {
  const { existsSync } = await import("node:fs");
  if (!existsSync(CHROMIUM)) return undefined;
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(bench.jar.entries().map(([name, value]) => ({ name, value, url: bench.origin })));
  return { browser, page: await context.newPage() };
}
