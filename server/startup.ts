import "server-only";
import { bootstrap } from "./bootstrap";
import { getUpstreamConfig } from "./env";
import { logger } from "./log";

/** Set here, called by scripts/serve.mjs on SIGTERM/SIGINT before the process exits. */
const SHUTDOWN = Symbol.for("custodian-console.shutdown");

async function startJobs() {
  const { loadJobKinds } = await import("./jobs/kinds");
  await loadJobKinds();
  const { startJobWorkers, stopJobWorkers } = await import("./jobs");
  await startJobWorkers();
  // Runs this instance drives go back to the queue with their checkpoints, for another instance.
  (globalThis as Record<symbol, unknown>)[SHUTDOWN] = stopJobWorkers;
}

export async function runStartup() {
  try {
    const result = await bootstrap();
    await startJobs();
    const upstream = getUpstreamConfig();
    logger.info(
      { database: result.database, firstAdminCreated: result.created, upstream: upstream.label },
      "console started",
    );
    if (upstream.mode === "sandbox" && process.env.NODE_ENV === "production")
      process.stdout.write("Upstream: the embedded sandbox (CONSOLE_ALLOW_SANDBOX=1), not the real service.\n");
    if (result.passwordFile) {
      // Never through the logger: log storage must not hold it. The terminal sees it only when it is one.
      const shown = process.stdout.isTTY ? `\nPassword: ${result.generatedPassword}` : "";
      process.stdout.write(
        `\nFirst admin created: ${result.adminEmail}${shown}\nThe generated password is in ${result.passwordFile} (readable only by this user); it must be changed at the first sign-in.\n\n`,
      );
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`\nThe console cannot start.\n${message}\n\n`);
    process.exit(1);
  }
}
