/**
 * The schema of every configuration variable in DESIGN.md's interface table (plus the console's own
 * tuning knobs). It holds names, defaults and rules only, never values: `server/env.ts` parses the
 * console's environment with it and `sandbox/env.ts` the sandbox's, so both agree on defaults.
 */
import { z } from "zod";

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** Fills in the default before validation, so a default runs through the same transform as a set value. */
const orDefault = (fallback: string) => (v: unknown) => emptyToUndefined(v) ?? fallback;

const int = (min: number, max: number, fallback: number) =>
  z.preprocess(
    orDefault(String(fallback)),
    z
      .string()
      .regex(/^\d+$/, `expected a whole number between ${min} and ${max}`)
      .transform(Number)
      .pipe(z.number().int().min(min, `expected at least ${min}`).max(max, `expected at most ${max}`)),
  );

const port = (fallback: number) => int(1, 65535, fallback);

const flag = (fallback: boolean) =>
  z.preprocess(
    orDefault(fallback ? "on" : "off"),
    z
      .enum(["on", "off", "true", "false", "1", "0", "yes", "no"], { message: "expected on or off" })
      .transform((v) => ["on", "true", "1", "yes"].includes(v)),
  );

const optionalUrl = z.preprocess(
  emptyToUndefined,
  z
    .url({ protocol: /^https?$/, message: "expected an http(s) URL" })
    .transform((u) => u.replace(/\/+$/, ""))
    .optional(),
);

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

export const sandboxEnvSchema = z.object({
  SANDBOX_PORT: port(4010),
  SANDBOX_MPC_PORT: port(4011),
  SANDBOX_CUSTODIAN_API_KEY: z.preprocess(
    emptyToUndefined,
    z.string().min(8, "expected at least 8 characters").default("sandbox-custodian-key"),
  ),
  SANDBOX_SEED_CLIENTS: int(0, 100_000, 250),
  SANDBOX_SEED_EVENTS: int(0, 5_000_000, 5000),
  SANDBOX_LATENCY_MS: int(0, 60_000, 0),
  SANDBOX_FAULT_RATE: z.preprocess(
    orDefault("0"),
    z
      .string()
      .regex(/^(0(\.\d+)?|1(\.0+)?)$/, "expected a share between 0 and 1, e.g. 0.05")
      .transform(Number),
  ),
  /** Requests per minute before the sandbox answers 429; unset, empty or "off" disables the limit. */
  SANDBOX_RATE_LIMIT: z.preprocess(
    (v) => (emptyToUndefined(v) === undefined || v === "off" ? undefined : v),
    z
      .string()
      .regex(/^[1-9]\d*$/, 'expected a positive number of requests per minute, or "off"')
      .transform(Number)
      .optional(),
  ),
  SANDBOX_BLOCK_TIME_MS: int(0, 600_000, 0),
  /**
   * Alert deliveries' automatic retry schedule (1 min … 24 h), multiplied by this share: 1 is the real
   * schedule, 0.001 runs it in under three minutes; 0 or "off" turns automatic retries off.
   */
  SANDBOX_RETRY_SCALE: z.preprocess(
    (v) => (v === "off" ? "0" : orDefault("1")(v)),
    z
      .string()
      .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'expected a share between 0 and 1, e.g. 0.001, or "off"')
      .transform(Number),
  ),
  /** Share of new EVM transfers that also leave an unconfirmed alert for a transaction a reorganisation dropped. */
  SANDBOX_REORG_RATE: z.preprocess(
    orDefault("0"),
    z
      .string()
      .regex(/^(0(\.\d+)?|1(\.0+)?)$/, "expected a share between 0 and 1, e.g. 0.05")
      .transform(Number),
  ),
  /** Wait before a transfer's confirmed alert on every chain; unset: the confirmation depth at the public chain's pace. */
  SANDBOX_CONFIRMATION_MS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d+$/, "expected a whole number of milliseconds")
      .transform(Number)
      .pipe(z.number().int().max(3_600_000, "expected at most 3600000"))
      .optional(),
  ),
  /**
   * How long a yield action may go without progress (a reported hash or a confirmation) before the
   * provider marks it STALE and refuses more reports; unset: never (the real provider's period is not published).
   */
  SANDBOX_YIELD_STALE_MS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d+$/, "expected a whole number of milliseconds")
      .transform(Number)
      .pipe(z.number().int().min(1000, "expected at least 1000").max(2_592_000_000, "expected at most 30 days"))
      .optional(),
  ),
  SANDBOX_MANAGED_BACKUPS: flag(true),
  /** Test control: latency and fault rules set at run time through /_sandbox/rules (custodian key). */
  SANDBOX_CONTROL: flag(false),
  SANDBOX_DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(".data/sandbox")),
  /** The provider segment of the yield paths; the console and the sandbox read the same variable. */
  YIELD_PROVIDER_SEGMENT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, "expected a lower-case path segment such as yield-provider")
      .default("yield-provider"),
  ),
});

export const consoleEnvSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["development", "production", "test"]).default("development")),
    PORT: port(3000),
    PORTAL_BASE_URL: optionalUrl,
    PORTAL_MPC_URL: optionalUrl,
    PORTAL_CUSTODIAN_API_KEY: optionalString,
    YIELD_PROVIDER_SEGMENT: sandboxEnvSchema.shape.YIELD_PROVIDER_SEGMENT,
    SANDBOX_HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
    SANDBOX_PORT: sandboxEnvSchema.shape.SANDBOX_PORT,
    SANDBOX_MPC_PORT: sandboxEnvSchema.shape.SANDBOX_MPC_PORT,
    SANDBOX_CUSTODIAN_API_KEY: sandboxEnvSchema.shape.SANDBOX_CUSTODIAN_API_KEY,
    /** The sandbox's compressed retry schedule, which the drop horizon must follow too. */
    SANDBOX_RETRY_SCALE: sandboxEnvSchema.shape.SANDBOX_RETRY_SCALE,
    /** The sandbox's fixed wait for confirmed alerts, which the chain watchdog must follow too. */
    SANDBOX_CONFIRMATION_MS: sandboxEnvSchema.shape.SANDBOX_CONFIRMATION_MS,
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "expected a postgres:// connection URL")
        .optional(),
    ),
    CONSOLE_DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(".data")),
    CONSOLE_ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email("expected an e-mail address").optional()),
    CONSOLE_ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z.string().min(12, "expected at least 12 characters").max(200).optional(),
    ),
    AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "expected at least 32 characters").optional()),
    CONSOLE_VAULT_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(
          (v) => Buffer.from(v, "base64").length === 32,
          "expected 32 bytes, base64-encoded (openssl rand -base64 32)",
        )
        .optional(),
    ),
    /**
     * Earlier vault keys, comma-separated (same form as CONSOLE_VAULT_KEY): records they wrapped
     * still open, and `npm run vault:rotate` re-wraps them under CONSOLE_VAULT_KEY.
     */
    CONSOLE_VAULT_PREVIOUS_KEYS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((v) =>
          v
            .split(",")
            .map((k) => k.trim())
            .filter(Boolean),
        )
        .refine(
          (keys) => keys.every((k) => Buffer.from(k, "base64").length === 32),
          "expected keys of 32 bytes, base64-encoded, separated by commas",
        )
        .optional(),
    ),
    /** Minutes without activity before a staff session ends. */
    CONSOLE_SESSION_IDLE_MINUTES: int(5, 24 * 60, 30),
    /** Hours after sign-in when a session ends however active it is. */
    CONSOLE_SESSION_MAX_HOURS: int(1, 24 * 7, 12),
    /**
     * Proxy hops in front of the console whose X-Forwarded-* headers are trusted. 0: the console
     * is reached directly and uses the connection's own address.
     */
    CONSOLE_TRUSTED_PROXIES: int(0, 10, 0),
    /**
     * The console's public URL (next-auth reads it too). When set, it is the console's own origin for
     * the cross-site check (server/network/cross-site.ts) instead of the request's host.
     */
    NEXTAUTH_URL: optionalUrl,
    /** Lets a production build run against the embedded sandbox (npm start sets it when it starts one). */
    CONSOLE_ALLOW_SANDBOX: flag(false),
    /** Failed sign-ins per account, and per address, within a minute before both are locked out. */
    CONSOLE_SIGNIN_ACCOUNT_LIMIT: int(1, 1000, 5),
    CONSOLE_SIGNIN_ADDRESS_LIMIT: int(1, 10_000, 20),
    CONSOLE_SIGNIN_LOCK_MINUTES: int(1, 24 * 60, 15),
    /** Hours an eject request waits for a second staff member's approval before it lapses. */
    EJECT_APPROVAL_TTL_HOURS: int(1, 24 * 30, 24),
    /** Minutes an approved eject request stays usable before it lapses unexecuted. */
    EJECT_APPROVED_TTL_MINUTES: int(5, 24 * 60, 60),
    /** Requests per minute the console allows itself against the custodian API (the real service documents 200). */
    CUSTODIAN_RATE_LIMIT: int(1, 100_000, 200),
    /**
     * Milliseconds before the first resend of a failed idempotent upstream call (408, 429 without
     * Retry-After, 5xx, a lost connection); each further one waits twice as long, at most 8 s.
     */
    CUSTODIAN_RETRY_BASE_MS: int(10, 8_000, 500),
    /**
     * The share of CUSTODIAN_RATE_LIMIT that background work (exports, replay-all, address scans) may
     * use in any window, so a long job always leaves room for the staff working at the same time.
     */
    CONSOLE_BACKGROUND_RATE_SHARE: z.preprocess(
      orDefault("0.7"),
      z
        .string()
        .regex(/^(0?\.\d+|1(\.0+)?)$/, "expected a share above 0 and at most 1, e.g. 0.7")
        .transform(Number)
        .pipe(z.number().gt(0, "expected a share above 0 and at most 1, e.g. 0.7").max(1)),
    ),
    /**
     * How long a shared read (a list page, the webhook list, gas usage, the overview's counts: never
     * anything holding a secret) is served from this instance's memory; 0 turns the cache off but
     * identical reads in flight at once are still sent upstream only once.
     */
    CONSOLE_SHARED_READ_TTL_MS: z.preprocess(
      orDefault("5000"),
      z
        .string()
        .regex(/^\d+$/, "expected milliseconds as a whole number from 0 (no cache) to 600000, e.g. 5000")
        .transform(Number)
        .pipe(
          z
            .number()
            .int()
            .max(600_000, "expected at most 600000 ms (10 minutes): shared reads are meant to be seconds old"),
        ),
    ),
    /** Where export files are written; several console instances must share it. Default: <CONSOLE_DATA_DIR>/exports. */
    CONSOLE_EXPORT_DIR: optionalString,
    /**
     * Where signed audit checkpoints are written automatically (hourly, at the first record and every
     * 1,000th); several console instances must share it. Default: <CONSOLE_DATA_DIR>/checkpoints.
     */
    CONSOLE_CHECKPOINT_DIR: optionalString,
    /** Hours an export file stays downloadable before the sweep deletes it. */
    CONSOLE_EXPORT_TTL_HOURS: int(1, 24 * 30, 24),
    /**
     * The bearer token Prometheus sends to GET /api/metrics (at least 24 characters). Unset: the route
     * answers 404, so metrics are off unless an operator turns them on.
     */
    CONSOLE_METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(24, "expected a token of at least 24 characters (e.g. openssl rand -hex 24)").optional(),
    ),
    /** How long SIGTERM waits for running work to be handed back before the process exits anyway. */
    CONSOLE_SHUTDOWN_TIMEOUT_MS: int(1000, 600_000, 25_000),
    /**
     * How long a job run's lease lasts without renewal: the runs of an instance that died are taken
     * over by another after about this, plus a third of it for the next sweep.
     */
    CONSOLE_JOB_LEASE_SECONDS: int(6, 600, 30),
    /**
     * How long a replay follows the events it sent for a new outcome before the receipts of those
     * still without one say "still pending".
     */
    CONSOLE_REPLAY_FOLLOW_SECONDS: int(10, 86_400, 900),
    /** How often the yield reconciler looks for stuck runs (one pass at a time across instances). */
    CONSOLE_RECONCILE_SECONDS: int(2, 86_400, 300),
    CONSOLE_LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_NAME: z.preprocess(emptyToUndefined, z.string().default("Company SSO")),
    /** Name of the ID-token claim holding the staff role (a string or an array of strings). */
    OIDC_ROLE_CLAIM: optionalString,
    /** `email=role` pairs, comma separated, for SSO users whose token carries no role claim. */
    OIDC_ROLE_EMAILS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^\s*[^=,\s]+@[^=,\s]+\s*=\s*(admin|support|compliance|developer)\s*(,\s*[^=,\s]+@[^=,\s]+\s*=\s*(admin|support|compliance|developer)\s*)*$/,
          "expected email=role pairs separated by commas, roles admin|support|compliance|developer",
        )
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    const upstream = ["PORTAL_BASE_URL", "PORTAL_MPC_URL", "PORTAL_CUSTODIAN_API_KEY"] as const;
    const set = upstream.filter((k) => env[k] !== undefined);
    if (set.length > 0 && set.length < upstream.length) {
      for (const k of upstream.filter((k) => env[k] === undefined))
        ctx.addIssue({
          code: "custom",
          path: [k],
          message: `required when ${set.join(" and ")} is set (all three select the real upstream)`,
        });
    }
    for (const k of ["PORTAL_BASE_URL", "PORTAL_MPC_URL"] as const) {
      const url = env[k];
      // The scheme as URL parses it (lower-cased), so HTTP:// is plain http too.
      if (url && new URL(url).protocol !== "https:" && !isLoopback(new URL(url).hostname))
        ctx.addIssue({
          code: "custom",
          path: [k],
          message: "expected an https:// URL (plain http is allowed only for a loopback host such as 127.0.0.1)",
        });
    }
    if (set.length === 0 && env.NODE_ENV === "production" && !env.CONSOLE_ALLOW_SANDBOX)
      ctx.addIssue({
        code: "custom",
        path: ["PORTAL_BASE_URL"],
        message:
          "a production console needs the real upstream (PORTAL_BASE_URL, PORTAL_MPC_URL, PORTAL_CUSTODIAN_API_KEY); set CONSOLE_ALLOW_SANDBOX=1 to run against the embedded sandbox on purpose",
      });
    if (set.length === upstream.length) {
      for (const k of ["AUTH_SECRET", "CONSOLE_VAULT_KEY"] as const)
        if (env[k] === undefined)
          ctx.addIssue({ code: "custom", path: [k], message: "required when the console talks to the real upstream" });
    }
    const oidc = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;
    const oidcSet = oidc.filter((k) => env[k] !== undefined);
    if (oidcSet.length > 0 && oidcSet.length < oidc.length) {
      for (const k of oidc.filter((k) => env[k] === undefined))
        ctx.addIssue({ code: "custom", path: [k], message: "required when any OIDC_ variable is set" });
    }
  });

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

export type SandboxEnv = z.infer<typeof sandboxEnvSchema>;
export type ConsoleEnvInput = z.input<typeof consoleEnvSchema>;
export type ConsoleEnv = z.infer<typeof consoleEnvSchema>;

/** Parses `source` or throws a ConfigError whose message names every bad variable and what it expects. */
export function parseEnv<S extends z.ZodType>(schema: S, source: Record<string, string | undefined>): z.infer<S> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    const raw = source[name];
    const shown = raw === undefined ? "" : isSecretName(name) ? " (value hidden)" : ` (got ${JSON.stringify(raw)})`;
    return `  ${name}: ${issue.message}${shown}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

function isSecretName(name: string) {
  return /KEY|SECRET|PASSWORD|TOKEN|DATABASE_URL/.test(name);
}
