import "server-only";
import { bootstrap } from "./bootstrap";
import { logger } from "./log";

export async function runStartup() {
  try {
    const result = await bootstrap();
    logger.info({ database: result.database, firstAdminCreated: result.created }, "console started");
    if (result.generatedPassword) {
      // Printed to the terminal once, deliberately not through the logger: it must not reach log storage.
      process.stdout.write(
        `\nFirst admin created: ${result.adminEmail}\nPassword (shown once, not stored): ${result.generatedPassword}\n\n`,
      );
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`\nThe console cannot start.\n${message}\n\n`);
    process.exit(1);
  }
}
