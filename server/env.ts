import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { consoleEnvSchema, parseEnv, type ConsoleEnv } from "@/lib/shared/config";

/**
 * The console's configuration, parsed once from the process environment. A bad value throws a
 * ConfigError naming the variable; the launcher and instrumentation.ts turn that into a clear exit.
 */
export type Env = ConsoleEnv & { AUTH_SECRET: string; CONSOLE_VAULT_KEY: string; upstreamMode: "sandbox" | "real" };

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = parseEnv(consoleEnvSchema, process.env);
  const upstreamMode = parsed.PORTAL_BASE_URL ? "real" : "sandbox";
  cached = {
    ...parsed,
    upstreamMode,
    // With a real upstream both are required by the schema; with the sandbox they are generated once.
    AUTH_SECRET:
      parsed.AUTH_SECRET ??
      generatedSecret(parsed.CONSOLE_DATA_DIR, "auth-secret", () => randomBytes(48).toString("base64url")),
    CONSOLE_VAULT_KEY:
      parsed.CONSOLE_VAULT_KEY ??
      generatedSecret(parsed.CONSOLE_DATA_DIR, "vault-key", () => randomBytes(32).toString("base64")),
  };
  return cached;
}

/** For tests: forget the parsed environment so the next getEnv() reads process.env again. */
export function forgetEnvForTests() {
  cached = undefined;
}

export interface UpstreamConfig {
  mode: "sandbox" | "real";
  baseUrl: string;
  mpcUrl: string;
  custodianApiKey: string;
  yieldSegment: string;
  /** What the header shows: "Sandbox" or the real base URL's host. */
  label: string;
  /** The upstream's alert retry schedule, as a share of the documented one (the sandbox may compress it). */
  retryScale: number;
  /** A fixed wait before confirmed alerts (the sandbox's SANDBOX_CONFIRMATION_MS); undefined: each chain's depth. */
  confirmationMs?: number;
}

export function getUpstreamConfig(): UpstreamConfig {
  const env = getEnv();
  if (env.upstreamMode === "real" && env.PORTAL_BASE_URL && env.PORTAL_MPC_URL && env.PORTAL_CUSTODIAN_API_KEY) {
    return {
      mode: "real",
      baseUrl: env.PORTAL_BASE_URL,
      mpcUrl: env.PORTAL_MPC_URL,
      custodianApiKey: env.PORTAL_CUSTODIAN_API_KEY,
      yieldSegment: env.YIELD_PROVIDER_SEGMENT,
      label: new URL(env.PORTAL_BASE_URL).host,
      retryScale: 1,
    };
  }
  return {
    mode: "sandbox",
    baseUrl: `http://${env.SANDBOX_HOST}:${env.SANDBOX_PORT}`,
    mpcUrl: `http://${env.SANDBOX_HOST}:${env.SANDBOX_MPC_PORT}`,
    custodianApiKey: env.SANDBOX_CUSTODIAN_API_KEY,
    yieldSegment: env.YIELD_PROVIDER_SEGMENT,
    label: "Sandbox",
    // "off" (0) stops the sandbox's retries; the schedule the events were placed on is still the real one.
    retryScale: env.SANDBOX_RETRY_SCALE || 1,
    confirmationMs: env.SANDBOX_CONFIRMATION_MS,
  };
}

function generatedSecret(dataDir: string, name: string, make: () => string): string {
  const file = path.resolve(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = make();
  // wx: never overwrite a secret another process wrote in the meantime.
  try {
    writeFileSync(file, `${value}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
  chmodSync(file, 0o600);
  return value;
}
