import "server-only";
import pino from "pino";
import { SECRET_FIELD_NAMES } from "./redact";

/**
 * Structured JSON logs on stdout. Secrets are redacted by key wherever they appear in a logged
 * object (two levels deep and in headers); values are never logged by message text.
 */
// The same field list as every other redaction in the console (server/redact.ts), in both cases.
const REDACTED_KEYS = [
  ...new Set(SECRET_FIELD_NAMES.flatMap((k) => [k, k.toLowerCase(), k.charAt(0).toUpperCase() + k.slice(1)])),
];

// pino paths need bracket notation for names with a dash.
const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `["${k}"]`);
const paths = REDACTED_KEYS.flatMap((k) => [key(k).replace(/^\./, ""), `*${key(k)}`, `*.*${key(k)}`]);

function level() {
  const v = process.env.CONSOLE_LOG_LEVEL;
  return v && ["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(v) ? v : "info";
}

export function createLogger(destination?: pino.DestinationStream, logLevel = level()): pino.Logger {
  const options: pino.LoggerOptions = {
    level: logLevel,
    base: { service: "console" },
    redact: { paths, censor: "[redacted]" },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}

const globalForLog = globalThis as unknown as { consoleLogger?: pino.Logger };

export const logger: pino.Logger = globalForLog.consoleLogger ?? (globalForLog.consoleLogger = createLogger());
