import "server-only";
import pino from "pino";
import { traceIds } from "./ops/spans";
import { redact } from "./redact";
import { currentExchange } from "./request-timing";

/**
 * Structured JSON logs on stdout. Every logged object goes through the console's one redaction
 * (server/redact.ts): secret-named fields are replaced wherever they sit, headers included, and so are
 * the user, password and secret-named query parameters of any URL a field holds. Values
 * are never logged by message text.
 */

function level() {
  const v = process.env.CONSOLE_LOG_LEVEL;
  return v && ["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(v) ? v : "info";
}

function serializeErrors(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object))
    out[key] = value instanceof Error ? pino.stdSerializers.err(value) : value;
  return out;
}

export function createLogger(destination?: pino.DestinationStream, logLevel = level()): pino.Logger {
  const options: pino.LoggerOptions = {
    level: logLevel,
    base: { service: "console" },
    // Errors are turned into plain objects first, so their own fields are redacted too.
    formatters: { log: (object) => redact(serializeErrors(object)) },
    serializers: { err: (value: unknown) => (value instanceof Error ? pino.stdSerializers.err(value) : value) },
    timestamp: pino.stdTimeFunctions.isoTime,
    // The request this line belongs to (set by the serving process for each HTTP exchange) and, while tracing,
    // the trace and span: a line in the logs finds its trace, and the other way round.
    mixin: () => {
      const requestId = currentExchange()?.requestId;
      return { ...(requestId ? { requestId } : {}), ...traceIds() };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const globalForLog = globalThis as unknown as { consoleLogger?: pino.Logger };

export const logger: pino.Logger = globalForLog.consoleLogger ?? (globalForLog.consoleLogger = createLogger());
