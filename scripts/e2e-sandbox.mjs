// The sandbox as the browser journeys use it: default ports, fresh state every run. Every secret it
// hands out is written to the witness file the secret scan reads (sandbox/state/secret-witness.ts).
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { e2ePaths, root } from "./setup.mjs";

const paths = e2ePaths();
rmSync(paths.sandboxData, { recursive: true, force: true });
rmSync(paths.secretsLog, { force: true });
rmSync(paths.notifySecrets, { force: true });
mkdirSync(paths.capture, { recursive: true });
const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    SANDBOX_DATA_DIR: paths.sandboxData,
    SANDBOX_CONTROL: "on",
    SANDBOX_SECRETS_LOG: paths.secretsLog,
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
