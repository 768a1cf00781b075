import "server-only";
import type { Logger } from "pino";
import type { BootstrapResult } from "./bootstrap";
import type { UpstreamConfig } from "./env";

/** Where start-up messages for a person go: the process's stdout, a terminal only when `isTTY`. */
export interface Terminal {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * What the console says once it has started. The log line carries no secret. A generated first-admin
 * password never goes through the logger (log storage must not hold it) and reaches stdout only when
 * stdout is a terminal; otherwise stdout only says which file (mode 600) holds it.
 */
export function reportStartup(
  result: BootstrapResult,
  upstream: Pick<UpstreamConfig, "mode" | "label">,
  out: { log: Pick<Logger, "info">; stdout: Terminal; production: boolean },
) {
  out.log.info(
    { database: result.database, firstAdminCreated: result.created, upstream: upstream.label },
    "console started",
  );
  if (upstream.mode === "sandbox" && out.production)
    out.stdout.write("Upstream: the embedded sandbox (CONSOLE_ALLOW_SANDBOX=1), not the real service.\n");
  if (result.passwordFile) {
    const shown = out.stdout.isTTY === true ? `\nPassword: ${result.generatedPassword}` : "";
    out.stdout.write(
      `\nFirst admin created: ${result.adminEmail}${shown}\nThe generated password is in ${result.passwordFile} (readable only by this user); it must be changed at the first sign-in.\n\n`,
    );
  }
}
