// The sandbox as the browser journeys use it: default ports, fresh state every run.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { root } from "./setup.mjs";

const dataDir = `${root}.data/e2e-sandbox`;
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, SANDBOX_DATA_DIR: dataDir, SANDBOX_CONTROL: "on" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
