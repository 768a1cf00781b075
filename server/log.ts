import "server-only";
import pino from "pino";

/**
 * Structured JSON logs on stdout. Secrets are redacted by key wherever they appear in a logged
 * object (two levels deep and in headers); values are never logged by message text.
 */
export const REDACTED_KEYS = [
  "authorization",
  "Authorization",
  "share",
  "shares",
  "clientApiKey",
  "clientSessionToken",
  "otp",
  "password",
  "passwordHash",
  "custodianApiKey",
  "apiKey",
  "custodianBackupShare",
  "encryptedClientBackupShare",
  "generateResponse",
  "backupResponse",
  "secret",
  "cookie",
];

const paths = REDACTED_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `headers.${k}`, `*.headers.${k}`]);

function level() {
  const v = process.env.CONSOLE_LOG_LEVEL;
  return v && ["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(v) ? v : "info";
}

const globalForLog = globalThis as unknown as { consoleLogger?: pino.Logger };

export const logger: pino.Logger =
  globalForLog.consoleLogger ??
  (globalForLog.consoleLogger = pino({
    level: level(),
    base: { service: "console" },
    redact: { paths, censor: "[redacted]" },
    timestamp: pino.stdTimeFunctions.isoTime,
  }));
