import "server-only";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AuditReference } from "@/lib/ejects/evidence";
import { tables, type Db } from "@/server/db";
import type { EjectRow } from "../view";

type AuditRow = typeof tables.auditLog.$inferSelect;
type Step = AuditReference["step"];

/** One step's outcome record (the one that succeeded) and the intent written before it. */
export interface StepRecords {
  step: Step;
  intent: AuditRow | undefined;
  outcome: AuditRow | undefined;
}

/**
 * The audit records of each step of an ejection, found by what server/actions/ejects.ts records as
 * their target: the request by its client and wallet (its outcome names the new request's id in
 * `result.requestId`; the intent came before the id existed), the decision and the execution by the
 * request id, the download by client and request id. A step's record is its successful outcome and the
 * intent it joins; refused or failed attempts before it are in the log too, but are not the step.
 */
export async function ejectAuditSteps(db: Db, request: EjectRow): Promise<StepRecords[]> {
  const log = tables.auditLog;
  const ok = (step: Step, actions: string[], target: string, extra?: SQL) =>
    db
      .select()
      .from(log)
      .where(and(inArray(log.action, actions), eq(log.target, target), eq(log.outcome, "ok"), extra))
      .orderBy(asc(log.seq))
      .limit(1)
      .then(([row]) => ({ step, outcome: row }));
  const outcomes = await Promise.all([
    ok(
      "request",
      ["eject.request"],
      `${request.clientId}/${request.walletId}`,
      sql`${log.input} -> 'result' ->> 'requestId' = ${request.id}`,
    ),
    ok("decision", ["eject.approve", "eject.reject"], request.id),
    ok("execute", ["eject.execute"], request.id),
    ok("fetch-shares", ["eject.fetch-shares"], `${request.clientId}/${request.id}`),
  ]);
  const intentIds = outcomes.flatMap(({ outcome }) => (outcome?.intentId ? [outcome.intentId] : []));
  const intents = intentIds.length === 0 ? [] : await db.select().from(log).where(inArray(log.id, intentIds));
  return outcomes.map(({ step, outcome }) => ({
    step,
    outcome,
    intent: intents.find((i) => i.id === outcome?.intentId),
  }));
}

/** A record as the pack names it: enough to find it in the log or an export and check its seal. */
export function auditReference(step: Step, row: AuditRow): AuditReference {
  return {
    step,
    seq: row.seq,
    id: row.id,
    action: row.action,
    outcome: row.outcome,
    at: new Date(row.at).toISOString(),
    hash: row.hash,
  };
}
