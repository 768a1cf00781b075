// The console as the browser journeys use it: a production build on port 3100 with a fresh,
// throw-away data directory and known first-admin credentials.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { root } from "./setup.mjs";

const dataDir = `${root}.data/e2e`;
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(
  process.execPath,
  [`${root}node_modules/next/dist/bin/next`, "start", "-p", process.env.E2E_PORT ?? "3100"],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", CONSOLE_DATA_DIR: dataDir },
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
