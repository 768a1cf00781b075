/**
 * Next.js with nothing of the console in it (bench/floor-app), built with the project's own `next`
 * and served as the console is served (one process, Next's request handler behind a plain Node HTTP
 * server: bench/floor-app/serve.mjs), so a benchmark can measure what the framework alone costs on the same
 * machine in the same run. Built again when its build is missing or older than its sources. Built
 * with webpack: Turbopack roots itself at the project's lockfile and takes in the console's own
 * instrumentation.ts (and tsconfig.json). The server that answers is Next's own either way; only the
 * app's few modules are bundled differently.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { freePort, waitFor } from "./console";

const root = path.resolve(import.meta.dirname, "../..");
const appDir = path.join(root, "bench/floor-app");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");

export interface FloorApp {
  origin: string;
  pid: number;
  close(): Promise<void>;
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === ".next" || entry.name === "node_modules") continue;
    const at = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(at) : statSync(at).mtimeMs);
  }
  return newest;
}

function ensureFloorBuild() {
  let built = 0;
  try {
    built = statSync(path.join(appDir, ".next/BUILD_ID")).mtimeMs;
  } catch {
    // Not built yet.
  }
  const next = statSync(path.join(root, "node_modules/next/package.json")).mtimeMs;
  if (built > Math.max(newestSource(appDir), next)) return;
  process.stdout.write("  the framework's floor app: next build…\n");
  const build = spawnSync(process.execPath, [nextBin, "build", "--webpack", appDir], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error("next build of bench/floor-app failed; see the output above");
}

export async function startFloorApp(nodeArgs: readonly string[] = []): Promise<FloorApp> {
  ensureFloorBuild();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, path.join(appDir, "serve.mjs"), appDir, String(port)],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    },
  );
  const close = async () => {
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
  };
  try {
    await waitFor(`${origin}/api/health`, server);
    if (server.pid === undefined) throw new Error("the floor app's process id is unknown");
    return { origin, pid: server.pid, close };
  } catch (error) {
    await close();
    throw error;
  }
}
