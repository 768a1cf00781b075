/**
 * The schema of every configuration variable in DESIGN.md's interface table (plus the console's own
 * tuning knobs). It holds names, defaults and rules only, never values: `server/env.ts` parses the
 * console's environment with it and `sandbox/env.ts` the sandbox's, so both agree on defaults.
 * Each variable says what it does (`.describe()`) and, through its kind (./config-fields.ts), what it
 * accepts: `npm run docs:config` (scripts/config-doc.ts) writes docs/configuration.md from them.
 */
import { z } from "zod";
import { destinationProblem } from "../notifications/destination";
import {
  emptyToUndefined,
  flag,
  int,
  optionalMs,
  optionalString,
  optionalUrl,
  orDefault,
  port,
  share,
  text,
} from "./config-fields";

export const sandboxEnvSchema = z.object({
  SANDBOX_PORT: port(4010).describe(
    "The sandbox's base API: administration, yield, the chains' JSON-RPC gateway and `/openapi.json`. The console calls the sandbox here when no `PORTAL_*` variable is set.",
  ),
  SANDBOX_MPC_PORT: port(4011).describe("The sandbox's MPC signing service."),
  SANDBOX_CUSTODIAN_API_KEY: z
    .preprocess(emptyToUndefined, z.string().min(8, "expected at least 8 characters").default("sandbox-custodian-key"))
    .describe(
      "The sandbox's custodian API key (`Authorization: Bearer …` on `/api/v3/custodians/**` and `/api/v1/custodians/**`); the console sends it when it uses the sandbox.",
    )
    .meta({ validation: "at least 8 characters" }),
  SANDBOX_SEED_CLIENTS: int(0, 100_000, 250).describe(
    "How many clients the sandbox seeds (see [seeded data](../sandbox/docs/state-and-seed.md)).",
  ),
  SANDBOX_SEED_EVENTS: int(0, 5_000_000, 5000).describe("How many alert-webhook events the sandbox seeds."),
  SANDBOX_LATENCY_MS: int(0, 60_000, 0).describe("A delay the sandbox adds to every request (not `/health`)."),
  SANDBOX_FAULT_RATE: share("0").describe(
    "The share of sandbox requests that fail, each as a 500, a reset connection, a timeout or a malformed body.",
  ),
  SANDBOX_RATE_LIMIT: z
    .preprocess(
      (v) => (emptyToUndefined(v) === undefined || v === "off" ? undefined : v),
      z
        .string()
        .regex(/^[1-9]\d*$/, 'expected a positive number of requests per minute, or "off"')
        .transform(Number)
        .optional(),
    )
    .describe("Requests per minute per bearer token before the sandbox answers 429 with `Retry-After`.")
    .meta({ validation: "a positive whole number, or `off`", unset: "off (no limit)" }),
  SANDBOX_BLOCK_TIME_MS: int(0, 600_000, 0).describe(
    "Interval mining of the sandbox's local chains; 0 mines a block per transaction.",
  ),
  SANDBOX_RETRY_SCALE: z
    .preprocess(
      (v) => (v === "off" ? "0" : orDefault("1")(v)),
      z
        .string()
        .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'expected a share between 0 and 1, e.g. 0.001, or "off"')
        .transform(Number),
    )
    .describe(
      "The alert deliveries' automatic retry schedule (1 min … 24 h) multiplied by this share: 1 is the real schedule, 0.001 runs it in under three minutes, 0 or `off` turns automatic retries off.",
    )
    .meta({ validation: "a share from 0 to 1, or `off`" }),
  SANDBOX_REORG_RATE: share("0").describe(
    "The share of new EVM transfers that also leave an unconfirmed alert for a transaction a reorganisation dropped (its confirmed alert never comes).",
  ),
  SANDBOX_CONFIRMATION_MS: optionalMs(0, 3_600_000, "expected at most 3600000")
    .describe("A fixed wait before a transfer's confirmed alert, on every chain.")
    .meta({ unset: "each chain's confirmation depth at the public chain's pace" }),
  SANDBOX_YIELD_STALE_MS: optionalMs(1000, 2_592_000_000, "expected at most 30 days")
    .describe(
      "How long a yield action may go without progress (a reported hash or a confirmation) before the provider marks it STALE and refuses more reports.",
    )
    .meta({ unset: "never (the real provider's period is not published)" }),
  SANDBOX_MANAGED_BACKUPS: flag(true).describe(
    "Whether the sandbox's custodian uses managed backups; key ejection needs them.",
  ),
  SANDBOX_CONTROL: flag(false).describe(
    "Test control: latency, fault and extra-field rules set at run time through `/_sandbox/rules` with the custodian key (the browser journeys turn it on).",
  ),
  SANDBOX_DATA_DIR: text(".data/sandbox").describe(
    "Where the sandbox keeps its state across restarts; delete it to start over.",
  ),
  YIELD_PROVIDER_SEGMENT: z
    .preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]*$/, "expected a lower-case path segment such as yield-provider")
        .default("yield-provider"),
    )
    .describe(
      "The provider segment of the yield paths (`…/integrations/<segment>/…`); the console and the sandbox read the same variable.",
    )
    .meta({ validation: "a lower-case path segment (letters, digits, `-`)" }),
});

const vaultKey = z
  .string()
  .refine((v) => Buffer.from(v, "base64").length === 32, "expected 32 bytes, base64-encoded (openssl rand -base64 32)");

export const consoleEnvSchema = z
  .object({
    NODE_ENV: z
      .preprocess(emptyToUndefined, z.enum(["development", "production", "test"]).default("development"))
      .describe(
        "`npm start` runs the console with `production`; a production console refuses to start against the sandbox unless `CONSOLE_ALLOW_SANDBOX` is set.",
      )
      .meta({ validation: "`development`, `production` or `test`" }),
    PORT: port(3000).describe("The console's port."),
    PORTAL_BASE_URL: optionalUrl
      .describe(
        "The real upstream's base API. `PORTAL_BASE_URL`, `PORTAL_MPC_URL` and `PORTAL_CUSTODIAN_API_KEY` go together: all three select the real service, none the embedded sandbox.",
      )
      .meta({
        validation:
          "an https URL (plain http only to a loopback host such as 127.0.0.1); all three `PORTAL_*` variables or none",
        unset: "the embedded sandbox",
      }),
    PORTAL_MPC_URL: optionalUrl.describe("The real upstream's MPC signing service.").meta({
      validation: "an https URL (plain http only to a loopback host); all three `PORTAL_*` variables or none",
      unset: "the embedded sandbox",
    }),
    PORTAL_CUSTODIAN_API_KEY: optionalString
      .describe(
        "The custodian API key for the real upstream; it never reaches the browser, a log line or the database.",
      )
      .meta({ validation: "any text; all three `PORTAL_*` variables or none", unset: "the embedded sandbox" }),
    YIELD_PROVIDER_SEGMENT: sandboxEnvSchema.shape.YIELD_PROVIDER_SEGMENT,
    SANDBOX_HOST: text("127.0.0.1").describe("The host the console reaches the sandbox on."),
    SANDBOX_PORT: sandboxEnvSchema.shape.SANDBOX_PORT,
    SANDBOX_MPC_PORT: sandboxEnvSchema.shape.SANDBOX_MPC_PORT,
    SANDBOX_CUSTODIAN_API_KEY: sandboxEnvSchema.shape.SANDBOX_CUSTODIAN_API_KEY,
    SANDBOX_RETRY_SCALE: sandboxEnvSchema.shape.SANDBOX_RETRY_SCALE.describe(
      "The alert deliveries' automatic retry schedule multiplied by this share (1 the real schedule, 0 or `off` no automatic retries). The sandbox compresses its schedule by it, and the console's drop horizon follows it too.",
    ),
    SANDBOX_CONFIRMATION_MS: sandboxEnvSchema.shape.SANDBOX_CONFIRMATION_MS.describe(
      "A fixed wait before a transfer's confirmed alert on every chain. The sandbox waits that long, and the console's chain watchdog expects it.",
    ),
    DATABASE_URL: z
      .preprocess(
        emptyToUndefined,
        z
          .string()
          .regex(/^postgres(ql)?:\/\//, "expected a postgres:// connection URL")
          .optional(),
      )
      .describe(
        "PostgreSQL for the console's own data (staff, audit log, vault, jobs, rate-limit counters). Several console instances, or several worker processes, need it.",
      )
      .meta({
        validation: "a `postgres://` or `postgresql://` URL",
        unset: "embedded PGlite in `<CONSOLE_DATA_DIR>/console`",
      }),
    CONSOLE_DATA_DIR: text(".data").describe(
      "Where the console keeps generated secrets (with the sandbox), the first admin's generated password, PGlite's files and, unless moved, exports and checkpoints.",
    ),
    CONSOLE_ADMIN_EMAIL: z
      .preprocess(emptyToUndefined, z.email("expected an e-mail address").optional())
      .describe("The first admin, created at the first start.")
      .meta({ validation: "an e-mail address", unset: "`admin@console.local`" }),
    CONSOLE_ADMIN_PASSWORD: z
      .preprocess(emptyToUndefined, z.string().min(12, "expected at least 12 characters").max(200).optional())
      .describe("The first admin's password.")
      .meta({
        validation: "12 to 200 characters",
        unset:
          "generated, written to `<CONSOLE_DATA_DIR>/first-admin.txt` (readable only by your user) and to be replaced at the first sign-in",
      }),
    AUTH_SECRET: z
      .preprocess(emptyToUndefined, z.string().min(32, "expected at least 32 characters").optional())
      .describe(
        "Signs staff sessions and device cookies and keys the sign-in counters' HMAC. Every instance needs the same one.",
      )
      .meta({
        validation: "at least 32 characters; required with the real upstream",
        unset: "generated into `<CONSOLE_DATA_DIR>/auth-secret` (with the sandbox only)",
      }),
    CONSOLE_VAULT_KEY: z
      .preprocess(emptyToUndefined, vaultKey.optional())
      .describe(
        "The vault key, which wraps the vault's data keys, among them the audit chain's HMAC keys and the evidence-signing key. It is never stored in the database: keep it in a secret store, apart from the database and its backups.",
      )
      .meta({
        validation: "32 bytes, base64 (`openssl rand -base64 32`); required with the real upstream",
        unset: "generated into `<CONSOLE_DATA_DIR>/vault-key` (with the sandbox only)",
      }),
    CONSOLE_VAULT_PREVIOUS_KEYS: z
      .preprocess(
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
      )
      .describe(
        "Earlier vault keys while rotating: records they wrapped still open until `npm run vault:rotate` re-wraps them under `CONSOLE_VAULT_KEY`.",
      )
      .meta({ validation: "keys of 32 bytes, base64, separated by commas" }),
    CONSOLE_SESSION_IDLE_MINUTES: int(5, 24 * 60, 30).describe(
      "A staff session ends after this many minutes without activity.",
    ),
    CONSOLE_SESSION_MAX_HOURS: int(1, 24 * 7, 12).describe(
      "A staff session ends this many hours after sign-in, however active.",
    ),
    CONSOLE_TRUSTED_PROXIES: int(0, 10, 0).describe(
      "Proxy hops in front of the console whose `X-Forwarded-For`, `X-Forwarded-Proto`, `X-Forwarded-Host` and `X-Request-Id` are trusted; 0: the console is reached directly and uses the connection's own address. Behind one load balancer, 1.",
    ),
    NEXTAUTH_URL: optionalUrl
      .describe(
        "The console's public URL behind a proxy (next-auth reads it too): cookies are `Secure` on https, it is the console's own origin when refusing cross-site requests, and the links in notifications start with it.",
      )
      .meta({ unset: "the request's host (notification links: `http://localhost:<PORT>`)" }),
    CONSOLE_NOTIFY_URL: z
      .preprocess(
        emptyToUndefined,
        z
          .string()
          .superRefine((value, ctx) => {
            const problem = destinationProblem(value);
            if (problem) ctx.addIssue({ code: "custom", message: problem });
          })
          .optional(),
      )
      .describe(
        "Where notifications are sent (the rules are set by an admin on the Users page, which may also set another URL there, taking precedence). The plain JSON body is signed with a key shown once on that page; see [security.md](security.md#notifications).",
      )
      .meta({
        validation: "an https URL (plain http only to `localhost` or `127.0.0.1`), without a user name or password",
        unset: "off, unless an admin sets a URL on the Users page",
      }),
    CONSOLE_NOTIFY_EVERY_SECONDS: int(5, 3600, 60).describe(
      "How often the notification rules are checked and due notifications sent (one instance at a time).",
    ),
    CONSOLE_ALLOW_SANDBOX: flag(false).describe(
      "Lets a production build run against the embedded sandbox; without it and without `PORTAL_*` a production console refuses to start. `npm start` sets it when it starts the sandbox itself.",
    ),
    CONSOLE_SIGNIN_ACCOUNT_LIMIT: int(1, 1000, 5).describe(
      "Failed sign-ins per account within a minute before the account is locked.",
    ),
    CONSOLE_SIGNIN_ADDRESS_LIMIT: int(1, 10_000, 20).describe(
      "Failed sign-ins per client address within a minute before the address is locked.",
    ),
    CONSOLE_SIGNIN_LOCK_MINUTES: int(1, 24 * 60, 15).describe("How long a sign-in lock lasts."),
    EJECT_APPROVAL_TTL_HOURS: int(1, 24 * 30, 24).describe(
      "How long an eject request waits for a second staff member's approval before it lapses.",
    ),
    EJECT_APPROVED_TTL_MINUTES: int(5, 24 * 60, 60).describe(
      "How long an approved eject request waits for its requester to open the window before it lapses.",
    ),
    CUSTODIAN_RATE_LIMIT: int(1, 100_000, 200).describe(
      "Requests per minute the console allows itself against the custodian API (the real service documents 200). Its worker processes share it; with several instances, set it to the limit divided by their number.",
    ),
    CUSTODIAN_RETRY_BASE_MS: int(10, 8_000, 500).describe(
      "The wait before the first resend of a failed idempotent upstream call (5xx, 408, 429 without `Retry-After`, a lost connection); each further resend waits twice as long, at most 8 s; two resends at most.",
    ),
    CONSOLE_BACKGROUND_RATE_SHARE: z
      .preprocess(
        orDefault("0.7"),
        z
          .string()
          .regex(/^(0?\.\d+|1(\.0+)?)$/, "expected a share above 0 and at most 1, e.g. 0.7")
          .transform(Number)
          .pipe(z.number().gt(0, "expected a share above 0 and at most 1, e.g. 0.7").max(1)),
      )
      .describe(
        "The most of `CUSTODIAN_RATE_LIMIT` that background work (exports, replay-all, address scans) may use in any window, so a long job always leaves room for the staff working at the same time.",
      )
      .meta({ validation: "a share above 0 and at most 1" }),
    CONSOLE_SHARED_READ_TTL_MS: z
      .preprocess(
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
      )
      .describe(
        "How long a read staff share (a clients list page, a client's record, the webhook list, a webhook's events page, gas usage, the overview's counts; never a secret) is served from this instance's memory; 0 keeps nothing, but identical reads in flight at once still cost one upstream request.",
      )
      .meta({ validation: "whole milliseconds from 0 to 600000" }),
    CONSOLE_EXPORT_DIR: optionalString
      .describe(
        "Where export files and their manifests are written. **Shared storage** when several console instances run: any instance may run an export or serve its file.",
      )
      .meta({ validation: "a path", unset: "`<CONSOLE_DATA_DIR>/exports`" }),
    CONSOLE_EXPORT_ARCHIVE_DIR: optionalString
      .describe(
        "Where every scheduled export's file and signed manifest are copied, one folder per schedule, never overwritten: point it at write-once (WORM) or synced storage.",
      )
      .meta({ validation: "a path", unset: "no copy (the export store only, for `CONSOLE_EXPORT_TTL_HOURS`)" }),
    CONSOLE_CHECKPOINT_DIR: optionalString
      .describe(
        "Where signed audit checkpoints are written automatically (at the first record, every 1,000th and hourly). Outside the database, on storage its writers cannot write to, and **shared storage** when several instances run (see [security.md](security.md#where-the-checkpoint-directory-belongs)).",
      )
      .meta({ validation: "a path", unset: "`<CONSOLE_DATA_DIR>/checkpoints`" }),
    CONSOLE_CASE_URL_HOSTS: optionalString
      .describe(
        "Hosts a case reference may link to (your ticket system, e.g. `jira.example.com`), separated by commas. Ticket ids (`ABC-123`, `INC0012345`) are accepted either way.",
      )
      .meta({ validation: "host names separated by commas", unset: "ticket ids only, no links" }),
    CONSOLE_EXPORT_TTL_HOURS: int(1, 24 * 30, 24).describe(
      "How long an export stays downloadable; a sweep on every instance then deletes it.",
    ),
    CONSOLE_METRICS_TOKEN: z
      .preprocess(
        emptyToUndefined,
        z.string().min(24, "expected a token of at least 24 characters (e.g. openssl rand -hex 24)").optional(),
      )
      .describe("The bearer token Prometheus sends to `GET /api/metrics`.")
      .meta({
        validation: "at least 24 characters (`openssl rand -hex 24`)",
        unset: "metrics off (`/api/metrics` answers 404)",
      }),
    CONSOLE_SHUTDOWN_TIMEOUT_MS: int(1000, 600_000, 25_000).describe(
      "How long SIGTERM waits for running work to be handed back before the process exits anyway.",
    ),
    CONSOLE_KEEP_ALIVE_TIMEOUT_MS: int(1000, 600_000, 65_000).describe(
      "How long an idle HTTP keep-alive connection stays open. Longer than the load balancer's own idle timeout (60 s on the common ones), so the console never closes a connection the balancer is about to reuse (which the balancer reports as a 502).",
    ),
    CONSOLE_JOB_LEASE_SECONDS: int(6, 600, 30).describe(
      "How long a job run's lease lasts without renewal: a dead instance's exports, replays and yield runs are taken over by another after about this, plus a third of it for the next sweep.",
    ),
    CONSOLE_REPLAY_FOLLOW_SECONDS: int(10, 86_400, 900).describe(
      'How long a replay follows the events it sent for a new outcome before the receipts of those still without one say "still pending".',
    ),
    CONSOLE_RECONCILE_SECONDS: int(2, 86_400, 300).describe(
      "How often the yield reconciler looks for stuck runs (one pass at a time across instances).",
    ),
    CONSOLE_LOG_LEVEL: z
      .preprocess(
        emptyToUndefined,
        z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
      )
      .describe("The level of the console's JSON log (pino).")
      .meta({ validation: "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`" }),
    OIDC_ISSUER: optionalUrl
      .describe("Company SSO (OpenID Connect with PKCE): the identity provider's issuer URL.")
      .meta({
        validation: "an http(s) URL; `OIDC_ISSUER`, `OIDC_CLIENT_ID` and `OIDC_CLIENT_SECRET` together",
        unset: "SSO off",
      }),
    OIDC_CLIENT_ID: optionalString
      .describe("Company SSO: the console's client id at the identity provider.")
      .meta({ validation: "any text; with `OIDC_ISSUER` and `OIDC_CLIENT_SECRET`", unset: "SSO off" }),
    OIDC_CLIENT_SECRET: optionalString
      .describe("Company SSO: the console's client secret at the identity provider.")
      .meta({ validation: "any text; with `OIDC_ISSUER` and `OIDC_CLIENT_ID`", unset: "SSO off" }),
    OIDC_NAME: text("Company SSO").describe("The SSO button's name on the sign-in page."),
    OIDC_ROLE_CLAIM: optionalString.describe(
      "The ID-token claim holding the staff role (a role name or a list of them). An SSO user with no role gets no access.",
    ),
    OIDC_ROLE_EMAILS: z
      .preprocess(
        emptyToUndefined,
        z
          .string()
          .regex(
            /^\s*[^=,\s]+@[^=,\s]+\s*=\s*(admin|support|compliance|developer)\s*(,\s*[^=,\s]+@[^=,\s]+\s*=\s*(admin|support|compliance|developer)\s*)*$/,
            "expected email=role pairs separated by commas, roles admin|support|compliance|developer",
          )
          .optional(),
      )
      .describe("`email=role` pairs for SSO users whose token carries no role claim.")
      .meta({
        validation: "`email=role` pairs separated by commas, roles `admin`, `support`, `compliance`, `developer`",
      }),
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
