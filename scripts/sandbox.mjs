// `npm run sandbox`: the embedded Wallet Infrastructure API on its own.
import { spawn } from "node:child_process";
const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], { stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
