/**
 * The console's own tables (users, sign-in throttling, the audit log). One schema for PGlite and
 * PostgreSQL; migrations are generated from it with `npm run db:generate` and committed.
 * No `server-only` import here: drizzle-kit loads this file outside Next to generate migrations.
 */
import { sql } from "drizzle-orm";
import { ROLES } from "../../lib/permissions";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const users = pgTable("users", {
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
});

/** Fixed-window counters for sign-in throttling, shared by every console instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * Append-only, hash-chained: `hash` = SHA-256 over the previous record's hash and this record's
 * canonical content, so an edited, inserted or deleted row breaks the chain at that point.
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
    outcome: text("outcome", { enum: ["ok", "error"] }).notNull(),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    requestId: text("request_id"),
    ip: text("ip"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_action_idx").on(t.action),
    index("audit_log_actor_idx").on(t.actorEmail),
  ],
);

/** The chain's head, updated in the same transaction as each append, so a cut-off tail is detected too. */
export const auditHead = pgTable("audit_head", {
  id: boolean("id").primaryKey().default(true),
  lastSeq: bigint("last_seq", { mode: "number" }).notNull(),
  lastHash: text("last_hash").notNull(),
  count: integer("count").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

export const EJECT_STATUSES = ["pending", "approved", "rejected", "expired", "executed"] as const;

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
