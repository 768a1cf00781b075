/**
 * The launcher behind `npm start` / `npm run dev`: checks the configuration and ports, builds when
 * the sources are newer than the last build, starts the sandbox (unless a real upstream is set)
 * and the console, prints where to sign in, and stops both on Ctrl-C or when either exits.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { ConfigError, consoleEnvSchema, parseEnv, sandboxEnvSchema } from "@/lib/shared/config";
import { buildIsStale } from "./build-state";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const bold = (s: string) => `\x1b[1m${s}\x1b[0m`;
const dim = (s: string) => `\x1b[2m${s}\x1b[0m`;
const say = (s: string) => process.stdout.write(`${dim("›")} ${s}\n`);

function fail(message: string): never {
  process.stderr.write(`\n\x1b[31m✖\x1b[0m ${message}\n\n`);
  process.exit(1);
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(true));
    server.once("listening", () => server.close(() => resolve(false)));
    server.listen(port, "0.0.0.0");
  });
}

async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`${what} exited during start-up (code ${child.exitCode}); see its output above.`);
    try {
      const res = await fetch(url, { redirect: "manual" });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  fail(`${what} did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

async function main() {
  let env;
  let sandboxEnv;
  try {
    env = parseEnv(consoleEnvSchema, process.env);
    sandboxEnv = parseEnv(sandboxEnvSchema, process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const useSandbox = !env.PORTAL_BASE_URL;
  const ports: [number, string][] = [
    [env.PORT, "PORT"],
    ...(useSandbox
      ? ([
          [sandboxEnv.SANDBOX_PORT, "SANDBOX_PORT"],
          [sandboxEnv.SANDBOX_MPC_PORT, "SANDBOX_MPC_PORT"],
        ] as [number, string][])
      : []),
  ];
  for (const [port, name] of ports) {
    if (await portInUse(port))
      fail(
        `Port ${port} is already in use (${name}). Stop whatever is listening there, or choose another port, e.g. ${name}=${port + 100} npm start.`,
      );
  }

  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  if (!dev && buildIsStale()) {
    say("Building the console for production (next build)…");
    const build = spawnSync(process.execPath, [nextBin, "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) fail("The build failed; see the output above.");
  }

  const children: ChildProcess[] = [];
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    setTimeout(() => process.exit(code), 1500).unref();
    Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once("exit", r))))).then(() =>
      process.exit(code),
    );
  };
  process.on("SIGINT", () => stop(0));
  process.on("SIGTERM", () => stop(0));
  const watch = (child: ChildProcess, name: string) => {
    children.push(child);
    child.on("exit", (code) => {
      if (!stopping) {
        process.stderr.write(`\n${name} stopped (code ${code}); stopping everything.\n`);
        stop(code || 1);
      }
    });
  };

  if (useSandbox) {
    say(`Starting the sandbox on ${sandboxEnv.SANDBOX_PORT} (API) and ${sandboxEnv.SANDBOX_MPC_PORT} (MPC)…`);
    const sandbox = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], {
      cwd: root,
      stdio: "inherit",
      env: process.env,
    });
    watch(sandbox, "The sandbox");
    await waitFor(`http://127.0.0.1:${sandboxEnv.SANDBOX_PORT}/health`, sandbox, "The sandbox");
  } else {
    say(`Using the real upstream at ${env.PORTAL_BASE_URL}.`);
  }

  say(`Starting the console on ${env.PORT}…`);
  // scripts/serve.mjs: Next behind a server that records each connection's own address.
  const consoleProcess = spawn(process.execPath, ["scripts/serve.mjs", ...(dev ? ["--dev"] : [])], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: String(env.PORT),
      NODE_ENV: dev ? "development" : "production",
      NEXT_TELEMETRY_DISABLED: "1",
      // The launcher started the sandbox itself, so running against it is intended.
      ...(useSandbox ? { CONSOLE_ALLOW_SANDBOX: "1" } : {}),
    },
  });
  watch(consoleProcess, "The console");
  await waitFor(`http://127.0.0.1:${env.PORT}/signin`, consoleProcess, "The console");

  const email = env.CONSOLE_ADMIN_EMAIL ?? "admin@console.local";
  process.stdout.write(
    [
      "",
      `  ${bold("Custodian Console")} is running: ${bold(`http://localhost:${env.PORT}`)}`,
      `  Upstream: ${useSandbox ? `the embedded sandbox (http://127.0.0.1:${sandboxEnv.SANDBOX_PORT})` : env.PORTAL_BASE_URL}`,
      `  Sign in as ${bold(email)} with ${env.CONSOLE_ADMIN_PASSWORD ? "the password in CONSOLE_ADMIN_PASSWORD" : `the generated password in ${path.join(env.CONSOLE_DATA_DIR, "first-admin.txt")} (written at the first start; you choose a new one at the first sign-in)`}.`,
      `  Ctrl-C stops ${useSandbox ? "both" : "the console"}.`,
      "",
    ].join("\n") + "\n",
  );
}

void main();
