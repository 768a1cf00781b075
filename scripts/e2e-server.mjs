// The console as the browser journeys use it: a production build served the way `npm start` serves
// it (scripts/serve.mjs), with a fresh, throw-away data directory and known first-admin credentials.
// The journeys reach it through a recording proxy on E2E_PORT (scripts/e2e-capture-proxy.mjs), and
// its log goes to a file: the secret scan searches both after the run (scripts/secret-scan.mjs).
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { startCaptureProxy } from "./e2e-capture-proxy.mjs";
import { e2ePaths, root } from "./setup.mjs";

const paths = e2ePaths();
// The sandbox's witness file lives in the same folder and may be written already: only this side's files go
// (the canaries are witnessed by the journeys against this console, so an earlier run's go too).
rmSync(paths.consoleData, { recursive: true, force: true });
for (const file of [paths.responses, paths.consoleLog, paths.canaries]) rmSync(file, { force: true });
mkdirSync(paths.capture, { recursive: true });

const port = Number(process.env.E2E_PORT ?? 3100);
const consolePort = port + 1;
const log = createWriteStream(paths.consoleLog, { mode: 0o600 });
const child = spawn(process.execPath, [`${root}scripts/serve.mjs`], {
  cwd: root,
  stdio: ["ignore", "pipe", "pipe"],
  env: {
    ...process.env,
    PORT: String(consolePort),
    CONSOLE_HOST: "127.0.0.1",
    NODE_ENV: "production",
    CONSOLE_DATA_DIR: paths.consoleData,
    CONSOLE_ALLOW_SANDBOX: "1",
  },
});
child.stdout.pipe(log);
child.stderr.on("data", (chunk) => {
  log.write(chunk);
  process.stderr.write(chunk);
});
const proxy = startCaptureProxy({ port, target: consolePort, file: paths.responses });

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    child.kill(signal);
  });
child.on("exit", async (code) => {
  await proxy.close();
  log.end(() => process.exit(code ?? 0));
});
