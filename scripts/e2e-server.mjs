// The console as the browser journeys use it: a production build on port 3100, served the way
// `npm start` serves it (scripts/serve.mjs), with a fresh, throw-away data directory and known
// first-admin credentials.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { root } from "./setup.mjs";

const dataDir = `${root}.data/e2e`;
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, [`${root}scripts/serve.mjs`], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? "3100",
    NODE_ENV: "production",
    CONSOLE_DATA_DIR: dataDir,
    CONSOLE_ALLOW_SANDBOX: "1",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
