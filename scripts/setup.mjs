// What `npm start` and `npm test` need on a fresh machine, using only Node's standard library
// (it runs before node_modules exists).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import net from "node:net";

export const root = new URL("..", import.meta.url).pathname;

function log(message) {
  process.stdout.write(`\x1b[2m›\x1b[0m ${message}\n`);
}

/** npm install when node_modules is missing or older than package.json / the lockfile. */
export function ensureDependencies() {
  const marker = `${root}node_modules/.package-lock.json`;
  const newest = Math.max(
    ...["package.json", "package-lock.json"].filter((f) => existsSync(root + f)).map((f) => statSync(root + f).mtimeMs),
  );
  if (existsSync(marker) && statSync(marker).mtimeMs >= newest) return;
  log("Installing npm packages (npm install --prefer-offline)…");
  // `npm ci` rejects lockfiles written by this npm (platform-specific optional binaries), so install.
  const r = spawnSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], {
    cwd: root,
    stdio: "inherit",
  });
  if (r.status !== 0) throw new Error("npm install failed; see the output above.");
}

export const CHROMIUM = "/usr/bin/chromium";

/** Debian's chromium for the browser tests (Playwright's own browser download is not reachable). */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}. Install it once with: sudo apt-get update && sudo apt-get install -y chromium`,
    );
  }
  log("Installing Debian's chromium for the browser tests (apt-get)…");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

export function canConnect(port, host = "127.0.0.1", timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** The local PostgreSQL the database tests use; started with pg_ctlcluster when it is installed but down. */
export async function ensurePostgres() {
  if (await canConnect(5432)) return;
  const clusters = spawnSync("pg_lsclusters", ["--no-header"], { encoding: "utf8" });
  const line = clusters.stdout?.trim().split("\n")[0];
  if (line && process.getuid?.() === 0) {
    const [version, name] = line.split(/\s+/);
    log(`Starting PostgreSQL ${version}/${name}…`);
    spawnSync("pg_ctlcluster", [version, name, "start"], { stdio: "inherit" });
    for (let i = 0; i < 20 && !(await canConnect(5432)); i++) await new Promise((r) => setTimeout(r, 500));
  }
  if (!(await canConnect(5432)))
    throw new Error(
      "PostgreSQL is not reachable on 127.0.0.1:5432; the database tests need it (or set TEST_DATABASE_URL).",
    );
}

export function packageVersion(name) {
  try {
    return JSON.parse(readFileSync(`${root}node_modules/${name}/package.json`, "utf8")).version;
  } catch {
    return undefined;
  }
}

/**
 * Where the browser journeys keep their throw-away state, and what the secret scan reads after them.
 * E2E_DATA_DIR moves all of it (default .data): `npm test` runs the journeys as two stacks side by
 * side, each with its own console, sandbox, ports and folder (scripts/e2e-shards.mjs).
 */
export function e2ePaths(dataDir = process.env.E2E_DATA_DIR) {
  const data = dataDir ? dataDir.replace(/\/$/, "") : `${root}.data`;
  return {
    data,
    consoleData: `${data}/e2e`,
    sandboxData: `${data}/e2e-sandbox`,
    capture: `${data}/e2e-capture`,
    responses: `${data}/e2e-capture/responses.ndjson`,
    consoleLog: `${data}/e2e-capture/console.log`,
    secretsLog: `${data}/e2e-capture/sandbox-secrets.tsv`,
    /** Every notification signing secret e2e/notifications.spec.ts was shown: kind, secret (tab-separated). */
    notifySecrets: `${data}/e2e-capture/notify-secrets.tsv`,
    /** Every canary e2e/security/canaries.spec.ts sent in refused input: canary, action, where (tab-separated). */
    canaries: `${data}/e2e-capture/canaries.tsv`,
    /** The signed-in browsers' cookies, one file per role (e2e/auth.setup.ts). */
    auth: `${data}/e2e-auth`,
    /** The journeys' own console instances (scale-out, operations, …), each with its data directory and log. */
    instances: `${data}/e2e-instances`,
    testResults: `${data}/test-results`,
  };
}
