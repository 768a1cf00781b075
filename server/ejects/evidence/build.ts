import "server-only";
import {
  EJECT_EVIDENCE_FORMAT,
  EJECT_EVIDENCE_KIND,
  EJECTED_AT_NULL_NOTE,
  SHARE_DIGEST_OF,
  shareDigestsSchema,
  WINDOW_NULL_NOTE,
  type EjectEvidenceBody,
} from "@/lib/ejects/evidence";
import type { Db } from "@/server/db";
import { getAdminClient } from "@/server/upstream";
import type { EjectRow } from "../view";
import { auditReference, ejectAuditSteps } from "./audit-steps";

/**
 * How long after the download the pack waits for the download's own audit record. defineAction writes
 * it right after the shares are handed out, so it is normally there within a second; past this, the
 * process that handed them out is taken to have stopped before recording it, and the pack is written
 * saying the record is missing rather than never.
 */
export const OUTCOME_GRACE_MS = 60_000;

export type Draft =
  | { state: "ready"; body: EjectEvidenceBody }
  /** The shares were not handed out (yet, or the fetch failed and was released): nothing to prove. */
  | { state: "not-completed" }
  /** The download's audit record is not written yet: ask again shortly. */
  | { state: "waiting" };

/**
 * The unsigned pack of a completed ejection, from the request row, the audit log and the upstream's
 * single-client read at this moment. Reads only: it may run twice for one request; the write decides.
 */
export async function draftEvidencePack(db: Db, request: EjectRow, now = new Date()): Promise<Draft> {
  const { sharesFetchedAt, sharesFetchedByEmail, executedAt, executedByEmail, ejectableUntil } = request;
  if (!sharesFetchedAt || !sharesFetchedByEmail || !executedAt || !executedByEmail || !ejectableUntil)
    return { state: "not-completed" };
  if (!request.decidedAt || !request.decidedByEmail) return { state: "not-completed" };
  const steps = await ejectAuditSteps(db, request);
  const fetched = steps.find((s) => s.step === "fetch-shares");
  if (!fetched?.outcome && now.getTime() - sharesFetchedAt.getTime() < OUTCOME_GRACE_MS) return { state: "waiting" };

  // The upstream's word at completion; an error here is retried by the job, not written as a guess.
  const client = await getAdminClient().clients.retrieve(request.clientId);
  const readAt = new Date();

  const missing: string[] = [];
  const audit = steps.flatMap(({ step, intent, outcome }) => {
    if (!outcome) missing.push(`the audit record of the ${step} step's outcome`);
    else if (!intent) missing.push(`the audit record of the ${step} step's intent`);
    return [intent, outcome].flatMap((row) => (row ? [auditReference(step, row)] : []));
  });
  const digests = shareDigestsSchema.safeParse(
    (fetched?.outcome?.input as { result?: { sharesSha256?: unknown } } | null)?.result?.sharesSha256,
  );
  if (!digests.success) missing.push("the SHA-256 of the shares (the download's audit record does not hold them)");

  const body: EjectEvidenceBody = {
    kind: EJECT_EVIDENCE_KIND,
    format: EJECT_EVIDENCE_FORMAT,
    requestId: request.id,
    clientId: request.clientId,
    wallet: { id: request.walletId, curve: request.curve },
    upstream: {
      readAt: readAt.toISOString(),
      ejectedAt: client.ejectedAt,
      ...(client.ejectedAt === null ? { ejectedAtNote: EJECTED_AT_NULL_NOTE } : {}),
      ...(client.wallets.find((w) => w.id === request.walletId)?.ejectableUntil
        ? {}
        : { ejectableUntilNote: WINDOW_NULL_NOTE }),
      wallets: client.wallets.map((w) => ({ id: w.id, curve: w.curve, ejectableUntil: w.ejectableUntil ?? null })),
    },
    request: {
      by: request.requestedByEmail,
      reason: request.reason,
      ticket: request.ticket,
      at: request.requestedAt.toISOString(),
    },
    decision: {
      outcome: request.status === "rejected" ? "rejected" : "approved",
      by: request.decidedByEmail,
      note: request.decisionNote,
      at: request.decidedAt.toISOString(),
    },
    execution: {
      by: executedByEmail,
      at: executedAt.toISOString(),
      windowMinutes: request.windowMinutes,
      ejectableUntil: ejectableUntil.toISOString(),
    },
    sharesFetch: { by: sharesFetchedByEmail, at: sharesFetchedAt.toISOString() },
    shares: digests.success ? { algorithm: "SHA-256", of: SHARE_DIGEST_OF, digests: digests.data } : null,
    audit,
    missing,
    generatedAt: readAt.toISOString(),
  };
  return { state: "ready", body };
}
