import "server-only";
import { findUserById } from "@/server/auth/users";
import type { Db } from "@/server/db";
import { claimEndedWindows } from "@/server/db/window-counter";
import { logger } from "@/server/log";
import { appendAudit, type AuditEntry } from "./append";
import {
  keyOf,
  REFUSAL_WINDOW_SECONDS,
  REFUSALS_RECORDED_PER_MINUTE,
  prefixOf,
  scopeOfKey,
  type RefusalKind,
  type RefusalScope,
} from "./refusal-scopes";

/**
 * The record of refusals that were counted, not recorded one by one (./refusals.ts): how many, whose,
 * and which minute. `input.countedNotRecorded` is the number, so the records of a flood add up to it.
 */
function countedRecord(scope: RefusalScope, counted: number, from: Date): AuditEntry {
  const until = new Date(from.getTime() + REFUSAL_WINDOW_SECONDS * 1000);
  const minute = `the minute from ${from.toISOString()}`;
  const input = { countedNotRecorded: counted, from: from.toISOString(), until: until.toISOString() };
  const refusals = counted === 1 ? "refusal" : "refusals";
  if (scope.kind === "person")
    return {
      actor: scope.person,
      action: scope.action,
      outcome: "error",
      errorMessage: `${counted} more ${refusals} of ${scope.action} by ${scope.person.email ?? scope.person.id} were counted, not recorded (${minute}).`,
      input,
    };
  const where = scope.ip ?? "an unknown address";
  return {
    actor: { id: null, email: null, role: null },
    action: scope.kind === "sign-in" ? "auth.sign-in-failed" : "audit.refusals-counted",
    outcome: "error",
    errorMessage:
      scope.kind === "sign-in"
        ? `${counted} more failed sign-ins from ${where} were counted, not recorded (${minute}).`
        : `${counted} more calls without a session from ${where} were counted, not recorded (${minute}).`,
    input,
    ip: scope.ip,
  };
}

/** Writes the count; a failed write is logged with the count, so the number is never only in a counter that is gone. */
export async function recordCounted(db: Db, scope: RefusalScope, counted: number, from: Date): Promise<void> {
  try {
    await appendAudit(countedRecord(scope, counted, from), db);
  } catch (error) {
    logger.error({ err: error, key: keyOf(scope), counted, from }, "audit write failed: a count of refusals");
  }
}

/**
 * Records the count of every minute that ended over its budget and that no later refusal in the same
 * scope has recorded yet (a flood that simply stopped). Run by the rate-limit sweep before it deletes
 * old counters, on any instance: each count is claimed once (claimEndedWindows). Returns how many
 * minutes it recorded.
 */
export async function recordEndedRefusalMinutes(db: Db, now = new Date()): Promise<number> {
  let recorded = 0;
  for (const kind of Object.keys(REFUSALS_RECORDED_PER_MINUTE) as RefusalKind[]) {
    const kept = REFUSALS_RECORDED_PER_MINUTE[kind];
    for (const ended of await claimEndedWindows(db, prefixOf(kind), kept, REFUSAL_WINDOW_SECONDS, now)) {
      const scope = scopeOfKey(ended.key);
      if (!scope) continue;
      if (scope.kind === "person") {
        const user = await findUserById(db, scope.person.id).catch(() => undefined);
        scope.person = { id: scope.person.id, email: user?.email ?? null, role: user?.role ?? null };
      }
      await recordCounted(db, scope, ended.hits - kept, ended.startedAt);
      recorded += 1;
    }
  }
  return recorded;
}
