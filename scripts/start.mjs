// `npm start` (and `npm run dev` with --dev): install what is missing, then hand over to the launcher.
import { spawn } from "node:child_process";
import { ensureDependencies, root } from "./setup.mjs";

try {
  ensureDependencies();
} catch (error) {
  process.stderr.write(`\n${error.message}\n`);
  process.exit(1);
}
const child = spawn(process.execPath, ["--import", "tsx", "scripts/launch.ts", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 130 : 0)));
