import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb, tables, type Db } from "@/server/db";
import { logger } from "@/server/log";
import { redactSecrets } from "@/server/redact";
import { GENESIS_HASH, recordHash, type HashedFields } from "./chain";

export interface Actor {
  id: string | null;
  email: string | null;
  role: string | null;
}

export interface AuditEntry {
  actor: Actor;
  action: string;
  target?: string | null;
  input?: unknown;
  outcome: "ok" | "error";
  errorCode?: string | null;
  errorMessage?: string | null;
  requestId?: string | null;
  ip?: string | null;
}

// Serializes appends across every console instance: each record needs the previous one's hash.
const CHAIN_LOCK = 7_245_002;

export async function appendAudit(entry: AuditEntry, db?: Db): Promise<{ id: string; hash: string }> {
  const database = db ?? (await getDb());
  const fields: HashedFields = {
    id: randomUUID(),
    at: new Date().toISOString(),
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    actorRole: entry.actor.role,
    action: entry.action,
    target: entry.target ?? null,
    input: entry.input === undefined ? null : redactSecrets(entry.input),
    outcome: entry.outcome,
    errorCode: entry.errorCode ?? null,
    errorMessage: entry.errorMessage ?? null,
    requestId: entry.requestId ?? null,
    ip: entry.ip ?? null,
  };
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
    const head = await tx.select().from(tables.auditHead).limit(1);
    const prevHash = head[0]?.lastHash ?? GENESIS_HASH;
    const hash = recordHash(prevHash, fields);
    const [row] = await tx
      .insert(tables.auditLog)
      .values({ ...fields, input: fields.input as object | null, prevHash, hash })
      .returning({ seq: tables.auditLog.seq });
    if (!row) throw new Error("audit insert returned no row");
    await tx
      .insert(tables.auditHead)
      .values({ id: true, lastSeq: row.seq, lastHash: hash, count: 1 })
      .onConflictDoUpdate({
        target: tables.auditHead.id,
        set: { lastSeq: row.seq, lastHash: hash, count: sql`${tables.auditHead.count} + 1`, updatedAt: sql`now()` },
      });
    return { id: fields.id, hash };
  });
}

/**
 * For paths where a failed audit write must not hide the original outcome (e.g. a failed sign-in):
 * the failure is logged loudly instead of thrown.
 */
export async function appendAuditSafely(entry: AuditEntry): Promise<void> {
  try {
    await appendAudit(entry);
  } catch (error) {
    logger.error({ err: error, action: entry.action, requestId: entry.requestId }, "audit write failed");
  }
}
