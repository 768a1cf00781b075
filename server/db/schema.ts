/**
 * The console's own tables (users, sign-in throttling, the audit log, eject requests, job runs). One schema for PGlite and
 * PostgreSQL; migrations are generated from it with `npm run db:generate` and committed.
 * No `server-only` import here: drizzle-kit loads this file outside Next to generate migrations.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ROLES } from "@/lib/auth/permissions";
import { EJECT_STATUSES } from "@/lib/ejects";
import { RECEIPT_OUTCOMES } from "../../lib/alerts/replay-receipts";
import { CADENCES } from "../../lib/alerts/schedules";
import { type Reconciliation, STEP_PARTS, STEP_PHASES, YIELD_INTENTS, YIELD_RUN_STATUSES } from "../../lib/yield/runs";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Always stored lower-case; the unique index makes sign-in case-insensitive. */
    email: text("email").notNull().unique(),
    name: text("name"),
    role: text("role", { enum: ROLES }).notNull(),
    /** scrypt hash (see server/auth/password.ts); null for SSO-only accounts. */
    passwordHash: text("password_hash"),
    /** How the account was made: "bootstrap", "admin" (by a user), "sso". */
    source: text("source").notNull().default("admin"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Sessions carry the version they were issued under; sign-out, disable and a role change bump it,
     * which ends every session of the user at once, on every console instance.
     */
    sessionVersion: integer("session_version").notNull().default(0),
    /** A generated password must be replaced at the first sign-in. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** The SSO identity this account is linked to (issuer and `sub`); never matched by e-mail. */
    ssoIssuer: text("sso_issuer"),
    ssoSubject: text("sso_subject"),
  },
  (t) => [uniqueIndex("users_sso_identity_idx").on(t.ssoIssuer, t.ssoSubject)],
);

/** Fixed-window counters for sign-in throttling, shared by every console instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * Append-only, hash-chained: `hash` = HMAC-SHA-256 under the chain key of its key epoch over the
 * previous record's hash, this record's sequence number, key epoch and canonical content
 * (server/audit/chain.ts), so an edited, inserted, deleted or renumbered row breaks the chain there.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    id: uuid("id").notNull().unique().defaultRandom(),
    at: timestamp("at", { withTimezone: true, mode: "string" }).notNull(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    actorRole: text("actor_role"),
    action: text("action").notNull(),
    target: text("target"),
    /** The action's input with every secret replaced by "[redacted]". */
    input: jsonb("input"),
    /** "intent" is written before an act that reaches the upstream; "ok" or "error" after it. */
    outcome: text("outcome", { enum: ["intent", "ok", "error"] }).notNull(),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    requestId: text("request_id"),
    ip: text("ip"),
    /** For an outcome record: the intent record written before the act. */
    intentId: uuid("intent_id"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
    /**
     * Which generation of the chain's keys sealed the record (a rotation starts the next). Null for
     * a record of the first seal format, which covered neither this nor its sequence number.
     */
    keyEpoch: integer("key_epoch"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_action_idx").on(t.action),
    index("audit_log_actor_idx").on(t.actorEmail),
    // A client's timeline, an outcome's intent, the outcome filter.
    index("audit_log_target_idx").on(t.target),
    index("audit_log_intent_idx").on(t.intentId),
    index("audit_log_error_code_idx").on(t.errorCode),
    // The case filter and the case bundle: the case is in the sealed input, so it is sealed with the record.
    index("audit_log_case_idx").on(sql`(${t.input}->>'case')`),
  ],
);

/**
 * The chain's head, updated in the same transaction as each append and sealed with the head key, so a
 * cut-off tail is detected too, even when whoever cut it rewrote this row.
 */
export const auditHead = pgTable("audit_head", {
  id: boolean("id").primaryKey().default(true),
  lastSeq: bigint("last_seq", { mode: "number" }).notNull(),
  lastHash: text("last_hash").notNull(),
  count: integer("count").notNull(),
  /** HMAC under the vault-held head key over last_seq, last_hash, count and key_epoch (server/audit/head.ts). */
  mac: text("mac"),
  /** The key epoch whose head key sealed this row; null for a head of the first seal format. */
  keyEpoch: integer("key_epoch"),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * Dual control over key ejection: a request by one staff member, a decision by another, then the
 * upstream call. Only ids, reasons and times are kept here; shares never touch the console database.
 */
export const ejectRequests = pgTable(
  "eject_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: text("client_id").notNull(),
    walletId: text("wallet_id").notNull(),
    curve: text("curve"),
    reason: text("reason").notNull(),
    ticket: text("ticket").notNull(),
    windowMinutes: integer("window_minutes").notNull(),
    status: text("status", { enum: EJECT_STATUSES }).notNull().default("pending"),
    requestedById: uuid("requested_by_id").notNull(),
    requestedByEmail: text("requested_by_email").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** A pending request lapses at this time if nobody decided. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    decidedById: uuid("decided_by_id"),
    decidedByEmail: text("decided_by_email"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionNote: text("decision_note"),
    executedByEmail: text("executed_by_email"),
    executedAt: timestamp("executed_at", { withTimezone: true }),
    ejectableUntil: timestamp("ejectable_until", { withTimezone: true }),
    sharesFetchedByEmail: text("shares_fetched_by_email"),
    sharesFetchedAt: timestamp("shares_fetched_at", { withTimezone: true }),
  },
  (t) => [index("eject_requests_client_idx").on(t.clientId, t.requestedAt)],
);

export const JOB_RUN_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;

/**
 * One row per run of a durable job (server/jobs). pg-boss only carries the "drive this run" message;
 * this row is the run's truth: its progress and checkpoint, and which console instance holds its
 * lease. The owner renews `lease_expires_at` every few seconds; a run whose lease lapsed is taken
 * over by another instance from its checkpoint. `attempts` grows on every start and fences writes,
 * so a driver that lost its lease cannot overwrite its successor.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    status: text("status", { enum: JOB_RUN_STATUSES }).notNull().default("queued"),
    params: jsonb("params").notNull(),
    /** While a run with this key is queued or running, starting the same kind with it returns that run. */
    singletonKey: text("singleton_key"),
    progressDone: bigint("progress_done", { mode: "number" }).notNull().default(0),
    progressTotal: bigint("progress_total", { mode: "number" }),
    ratePerSecond: doublePrecision("rate_per_second"),
    etaSeconds: integer("eta_seconds"),
    message: text("message"),
    /** The job's resumable state, written together with the progress it stands for. */
    checkpoint: jsonb("checkpoint"),
    result: jsonb("result"),
    /** Safe to show: a job's own user-facing message or a generic one, never raw exception text. */
    error: text("error"),
    startedById: text("started_by_id").notNull(),
    startedByEmail: text("started_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    cancelRequestedAt: timestamp("cancel_requested_at", { withTimezone: true }),
    cancelRequestedByEmail: text("cancel_requested_by_email"),
    ownerInstance: text("owner_instance"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    uniqueIndex("job_runs_singleton_idx")
      .on(t.kind, t.singletonKey)
      .where(sql`${t.status} in ('queued', 'running')`),
    index("job_runs_kind_created_idx").on(t.kind, t.createdAt),
    index("job_runs_started_by_idx").on(t.startedById, t.createdAt),
    index("job_runs_active_idx")
      .on(t.status, t.leaseExpiresAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * A staff member's named filter sets ("failed on Sepolia this week"), per page kind: the query
 * string of the filters as the page keeps them in its URL, replayed when the view is picked.
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    /** Which page the view belongs to, e.g. "alerts.events". */
    scope: text("scope").notNull(),
    name: text("name").notNull(),
    /** The filters as a URL query string (no cursor, no page state). */
    query: text("query").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_views_user_scope_name_idx").on(t.userId, t.scope, t.name)],
);

/**
 * Secrets the console must keep (test clients' API keys and wallet shares, the audit log's keys),
 * by envelope encryption (server/vault): the value under its own data key (AES-256-GCM), the data
 * key wrapped under CONSOLE_VAULT_KEY (the key-encryption key, never stored). `kek_id` names the
 * key that wrapped it, so a rotation re-wraps only what the old key wrapped. The associated data
 * binds each ciphertext to its purpose and subject: a sealed value moved to another row does not open.
 */
export const vaultRecords = pgTable(
  "vault_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the secret is: "client-api-key", "wallet-shares", "audit-keys", … */
    purpose: text("purpose").notNull(),
    /** Whose it is: a client id, or "console". */
    subject: text("subject").notNull(),
    kekId: text("kek_id").notNull(),
    /** The data key under the key-encryption key: base64 of iv ‖ ciphertext ‖ tag. */
    wrappedKey: text("wrapped_key").notNull(),
    /** The value under the data key: base64 of iv ‖ ciphertext ‖ tag. */
    sealed: text("sealed").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("vault_records_purpose_subject_idx").on(t.purpose, t.subject),
    index("vault_records_kek_idx").on(t.kekId),
  ],
);

/**
 * Clients the console created as test clients: their client API key and wallet shares are kept in
 * the vault, so developers can act for them (wallet lab, yield runs). Every other client is read-only.
 */
export const testClients = pgTable("test_clients", {
  clientId: text("client_id").primaryKey(),
  isAccountAbstracted: boolean("is_account_abstracted").notNull(),
  /** Whether wallet shares were generated and are in the vault. */
  hasShares: boolean("has_shares").notNull().default(false),
  createdById: uuid("created_by_id").notNull(),
  createdByEmail: text("created_by_email").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The next nonce the console hands out per client wallet and EVM chain, so quick or parallel sends
 * never collide (the spec's nonce rule): a reservation is one atomic UPDATE that takes the larger
 * of this and the chain's pending count.
 */
export const clientNonces = pgTable(
  "client_nonces",
  {
    clientId: text("client_id").notNull(),
    chainId: text("chain_id").notNull(),
    next: bigint("next", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.chainId] })],
);

/**
 * A yield action (enter, exit, manage) as the console runs it: created with the provider when it is
 * previewed, then driven by a job (job_run_id) that signs, reports and confirms each step.
 */
export const yieldRuns = pgTable(
  "yield_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: text("client_id").notNull(),
    isAccountAbstracted: boolean("is_account_abstracted").notNull(),
    /** The address acting: the EOA, or an account-abstracted client's smart account. */
    address: text("address").notNull(),
    chainId: text("chain_id").notNull(),
    yieldId: text("yield_id").notNull(),
    intent: text("intent", { enum: YIELD_INTENTS }).notNull(),
    actionType: text("action_type"),
    actionId: text("action_id"),
    /** What was asked (amount, the pending action's type): never a share or key. */
    request: jsonb("request").notNull(),
    stripGas: boolean("strip_gas").notNull().default(false),
    status: text("status", { enum: YIELD_RUN_STATUSES }).notNull().default("preview"),
    jobRunId: uuid("job_run_id"),
    error: text("error"),
    /** What the reconciler last found wrong with the run (lib/yield/runs.ts Reconciliation); null: nothing. */
    reconciliation: jsonb("reconciliation").$type<Reconciliation>(),
    createdById: text("created_by_id").notNull(),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("yield_runs_client_idx").on(t.clientId, t.createdAt)],
);

/**
 * One transaction of a yield run and how far it got. The intent (nonce, block) is written before
 * anything is signed and every hash as soon as it is known, so a run resumed after a crash checks
 * the chain and the provider instead of signing or reporting again.
 */
export const yieldRunSteps = pgTable(
  "yield_run_steps",
  {
    runId: uuid("run_id").notNull(),
    stepIndex: integer("step_index").notNull(),
    transactionId: text("transaction_id").notNull(),
    title: text("title"),
    type: text("type"),
    upstreamStatus: text("upstream_status").notNull(),
    /** The provider's unsignedTransaction, as given (a JSON string); null when there is nothing to sign. */
    unsignedTransaction: text("unsigned_transaction"),
    phase: text("phase", { enum: STEP_PHASES }).notNull().default("waiting"),
    /** Decimal: the EOA nonce, or the smart account's user-operation nonce. */
    nonce: text("nonce"),
    /** The chain's block number when signing was decided: where a resumed run looks for what was sent. */
    fromBlock: bigint("from_block", { mode: "number" }),
    signStartedAt: timestamp("sign_started_at", { withTimezone: true }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    userOperationHash: text("user_operation_hash"),
    transactionHash: text("transaction_hash"),
    reportStartedAt: timestamp("report_started_at", { withTimezone: true }),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    failedPart: text("failed_part", { enum: STEP_PARTS }),
    error: text("error"),
    /** Sign and submit-hash calls made for this step: the crash test checks they stay at one. */
    signCalls: integer("sign_calls").notNull().default(0),
    reportCalls: integer("report_calls").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.runId, t.stepIndex] })],
);

/**
 * Replay receipts: one row per event a replay sent (selected, or replay-all), followed until it has
 * a new outcome (lib/alerts/replay-receipts.ts). `run_id` is the job run that sent or follows them.
 * The event's facts are kept as the listing had them, to find it again; messages are the upstream's
 * delivery errors ("Request failed with status code 500"), never a secret.
 */
export const alertReplayReceipts = pgTable(
  "alert_replay_receipts",
  {
    runId: uuid("run_id").notNull(),
    /** The order the events were sent in, from 1. */
    seq: integer("seq").notNull(),
    eventId: text("event_id").notNull(),
    webhookId: text("webhook_id").notNull(),
    chainId: text("chain_id"),
    blockNumber: bigint("block_number", { mode: "number" }),
    transactionHashes: jsonb("transaction_hashes").$type<string[]>().notNull().default([]),
    eventCreatedAt: timestamp("event_created_at", { withTimezone: true }),
    /** Just before the replay call that carried it. */
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    outcome: text("outcome", { enum: RECEIPT_OUTCOMES }).notNull(),
    outcomeAt: timestamp("outcome_at", { withTimezone: true }),
    outcomeRowId: text("outcome_row_id"),
    retries: integer("retries"),
    message: text("message"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.eventId] }),
    uniqueIndex("alert_replay_receipts_seq_idx").on(t.runId, t.seq),
    index("alert_replay_receipts_webhook_idx").on(t.webhookId, t.sentAt),
  ],
);

/**
 * Every document the console signed (export manifests, checkpoints, statements), by the SHA-256 of
 * the bytes its signature covers: what a retired key signed is listed, under its successor's
 * signature, when it is retired (server/evidence/retirement.ts).
 */
export const evidenceSignatures = pgTable(
  "evidence_signatures",
  {
    digest: text("digest").primaryKey(),
    keyId: text("key_id").notNull(),
    kind: text("kind").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true, mode: "string" }).notNull(),
  },
  (t) => [index("evidence_signatures_key_idx").on(t.keyId)],
);

/**
 * The chain watchdog's answers (server/alerts/watchdog-checks.ts): each transaction whose confirmed alerts
 * all came is asked of the chain once, by whichever console process claims it first, oldest first over the
 * watched day, so the checks roll through every confirmed transaction instead of the newest hundred. A claim
 * without a verdict is an asking under way (or one a process abandoned: taken again after a while).
 */
export const watchdogChecks = pgTable(
  "watchdog_checks",
  {
    webhookId: text("webhook_id").notNull(),
    /** Lower case. */
    transactionHash: text("transaction_hash").notNull(),
    chainId: text("chain_id").notNull(),
    /** The transaction's first alert. */
    alertedAt: timestamp("alerted_at", { withTimezone: true, mode: "string" }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "string" }).notNull(),
    /** When the chain answered; null while the asking is under way. */
    checkedAt: timestamp("checked_at", { withTimezone: true, mode: "string" }),
    /** What the chain said (lib/alerts/watchdog.ts ChainVerdict, never "unknown": that one is asked again). */
    verdict: jsonb("verdict"),
    /** HMAC of the answer (server/alerts/watchdog-checks.ts): one rewritten outside the console is asked again. */
    seal: text("seal"),
  },
  (t) => [
    primaryKey({ columns: [t.webhookId, t.transactionHash] }),
    index("watchdog_checks_alerted_idx").on(t.webhookId, t.alertedAt),
  ],
);

/**
 * The parties of a transaction as the chain has it (server/alerts/test-activity/): its sender, its
 * recipient and every address in its logs' topics (an ERC-20 Transfer's from and to, a user operation's
 * sender), lower case. Asked of the chain once per instance, by whichever console process claims it
 * first, and kept: a mined transaction's parties never change. Whether it is test activity is decided
 * when read, against the test clients of that moment. No key, share or amount is kept.
 */
export const transactionParties = pgTable(
  "transaction_parties",
  {
    chainId: text("chain_id").notNull(),
    /** Lower case. */
    transactionHash: text("transaction_hash").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "string" }).notNull(),
    /** Null while the asking is under way. */
    parties: jsonb("parties").$type<string[]>(),
    blockNumber: bigint("block_number", { mode: "number" }),
    checkedAt: timestamp("checked_at", { withTimezone: true, mode: "string" }),
    /** HMAC over the chain, the hash and the parties (server/db/row-seal.ts): a rewritten answer does not hold. */
    seal: text("seal"),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.transactionHash] })],
);

/**
 * Scheduled exports (server/alerts/schedules/): a webhook's filters (without a range: each run's range
 * is its period) exported for every day, week or month that ends in a zone, as its owner. Stopping a
 * schedule keeps it and its runs on the page.
 */
export const exportSchedules = pgTable("export_schedules", {
  id: uuid("id").primaryKey().defaultRandom(),
  webhookId: text("webhook_id").notNull(),
  filters: jsonb("filters").notNull(),
  format: text("format", { enum: ["csv", "ndjson"] }).notNull(),
  cadence: text("cadence", { enum: CADENCES }).notNull(),
  timeZone: text("time_zone").notNull(),
  ownerId: uuid("owner_id").notNull(),
  ownerEmail: text("owner_email").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull(),
  /** The first period it owes (the one holding createdAt, or the one before when asked at creation). */
  firstPeriodStart: timestamp("first_period_start", { withTimezone: true, mode: "string" }).notNull(),
  stoppedAt: timestamp("stopped_at", { withTimezone: true, mode: "string" }),
  stoppedByEmail: text("stopped_by_email"),
});

/**
 * One row per schedule and period, claimed by whichever console process inserts it first: the
 * primary key is what makes a period run once however many instances look. `jobRunId` is the export
 * run once started; a claim left without one (a process that died, an owner at their export limit) is
 * started again by a later look.
 */
export const exportScheduleRuns = pgTable(
  "export_schedule_runs",
  {
    scheduleId: uuid("schedule_id").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true, mode: "string" }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true, mode: "string" }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "string" }).notNull(),
    catchUp: boolean("catch_up").notNull(),
    jobRunId: uuid("job_run_id"),
    /** Why the run could not be started yet (shown until it is). */
    waitingFor: text("waiting_for"),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.periodStart] })],
);

/**
 * The signed evidence pack of each completed key ejection (server/ejects/evidence/): one per request,
 * written after the backup shares were handed out and the hand-out was recorded. It holds who asked,
 * decided, opened and fetched, the audit records of each step and the SHA-256 of each share, never a
 * share. `pack` is the signed document exactly as it is served; its signature covers everything else.
 */
export const ejectEvidence = pgTable("eject_evidence", {
  requestId: uuid("request_id").primaryKey(),
  clientId: text("client_id").notNull(),
  pack: jsonb("pack").notNull(),
  keyId: text("key_id").notNull(),
  signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
});

/**
 * Where notifications go (server/notifications/settings.ts): one row, "console". Which rules are on is the
 * audit chain's (server/notifications/rules-on-record.ts).
 * The URL an admin set and the signing secret are in the vault (a Slack URL's path is its credential), never here.
 */
export const notificationSettings = pgTable("notification_settings", {
  id: text("id").primaryKey(),
  /** "slack" ({ text }) or "plain" (signed JSON). */
  format: text("format", { enum: ["slack", "plain"] })
    .notNull()
    .default("plain"),
  updatedByEmail: text("updated_by_email"),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
});

/**
 * What each rule found, by (rule, subject) (server/notifications/evaluate.ts): a finding that appears is
 * "firing" and gets one message; while it stands nothing more is sent; once it clears it is "resolved" and
 * gets one more. Only ids and counts are kept (a webhook id, how many events), never a client's data.
 */
export const notificationFindings = pgTable(
  "notification_findings",
  {
    rule: text("rule").notNull(),
    subject: text("subject").notNull(),
    state: text("state", { enum: ["firing", "resolved"] }).notNull(),
    count: integer("count").notNull(),
    /** The last look's sentence and console page (lib/notifications/message.ts), for the "resolved" message. */
    what: text("what").notNull(),
    path: text("path").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true, mode: "string" }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "string" }).notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [primaryKey({ columns: [t.rule, t.subject] })],
);

/**
 * Every notification to send, written in the same transaction as the finding's change
 * (server/notifications/outbox.ts): a restart neither loses one nor writes it twice. A sender claims a row
 * for a while (claimed_until), posts it, and records the answer; a failure waits twice as long each time
 * (next_attempt_at) until it is sent or given up.
 */
export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rule: text("rule").notNull(),
    subject: text("subject").notNull(),
    state: text("state", { enum: ["firing", "resolved", "test"] }).notNull(),
    /** The message (lib/notifications/message.ts): what, how many, the console page; ids and counts only. */
    message: jsonb("message").notNull(),
    status: text("status", { enum: ["pending", "sent", "gave-up"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true, mode: "string" }),
    /** The receiver's last HTTP status (null: no answer). */
    lastStatus: integer("last_status"),
    /** Why the last attempt failed, in words (never the URL's query or a secret). */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    index("notification_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("notification_outbox_created_idx").on(t.createdAt),
  ],
);
