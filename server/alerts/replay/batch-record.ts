import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { appendJobAuditOnce, findJobAudit } from "@/server/audit/job-records";
import type { ReplayParams } from "./params";

/**
 * The audit records of one batch of a replay-all run, so a run that fails or is stopped midway
 * still says which batches were sent: an intent before the replay call (no record, no call) and an
 * outcome after it, joined by the intent's id and sharing the request id "job:<runId>:batch-<n>".
 */
export const BATCH_ACTION = "alerts.replay-all-batch";

/** A batch this small is recorded with its ids; a larger one (a full batch is 100) by a digest. */
const IDS_IN_RECORD = 20;

export interface Batch {
  /** 1 for the run's first batch. */
  number: number;
  eventIds: string[];
}

/** What the upstream did with a batch, as its outcome record says. */
export type BatchOutcome =
  /** It answered: which ids it queued for delivery and which it refused. */
  | { result: "queued"; queued: number; refused: number }
  /** It refused the call (404, 400): nothing was replayed. */
  | { result: "refused"; reason: string }
  /** The call may have reached it but no answer was recorded: never sent again. */
  | { result: "unconfirmed" };

const outcomeSchema = z.discriminatedUnion("result", [
  z.object({ result: z.literal("queued"), queued: z.number().int(), refused: z.number().int() }),
  z.object({ result: z.literal("refused"), reason: z.string() }),
  z.object({ result: z.literal("unconfirmed") }),
]);

const keyOf = (batch: Batch) => `batch-${batch.number}`;

/**
 * The batch's ids as a record keeps them: their count, a SHA-256 of the ids joined by "\n" in the
 * order sent, the first and the last, and the ids themselves when there are few.
 */
export function batchFacts(runId: string, batch: Batch) {
  const ids = batch.eventIds;
  return {
    runId,
    batch: batch.number,
    count: ids.length,
    idsSha256: createHash("sha256").update(ids.join("\n")).digest("hex"),
    firstId: ids[0] ?? null,
    lastId: ids.at(-1) ?? null,
    ...(ids.length <= IDS_IN_RECORD ? { ids } : {}),
  };
}

interface RunFacts {
  runId: string;
  params: Pick<ReplayParams, "actor" | "webhookId">;
}

/** The intent, written once: `created` is false when a record of it already stood (another driver's). */
export function recordBatchIntent(run: RunFacts, batch: Batch) {
  return appendJobAuditOnce(
    run.runId,
    {
      actor: run.params.actor,
      action: BATCH_ACTION,
      target: run.params.webhookId,
      outcome: "intent",
      input: batchFacts(run.runId, batch),
    },
    keyOf(batch),
  );
}

/** The outcome, written once: `created` is false when one already stood, and that one counts. */
export function recordBatchOutcome(run: RunFacts, batch: Batch, outcome: BatchOutcome, intentId: string) {
  const failure =
    outcome.result === "refused"
      ? { errorCode: "UPSTREAM", errorMessage: outcome.reason }
      : outcome.result === "unconfirmed"
        ? {
            errorCode: "UPSTREAM_UNAVAILABLE",
            errorMessage: "No answer was recorded for this batch: it may have been replayed, and it is not sent again.",
          }
        : {};
  return appendJobAuditOnce(
    run.runId,
    {
      actor: run.params.actor,
      action: BATCH_ACTION,
      target: run.params.webhookId,
      outcome: outcome.result === "queued" ? "ok" : "error",
      ...failure,
      input: { ...batchFacts(run.runId, batch), ...outcome },
      intentId,
    },
    keyOf(batch),
  );
}

/** What the log holds of a batch: its intent's id and its outcome, where written. */
export async function recordedBatch(
  runId: string,
  batch: Batch,
): Promise<{ intentId?: string; outcome?: BatchOutcome }> {
  const intent = await findJobAudit(runId, BATCH_ACTION, keyOf(batch), "intent");
  const outcome = await findJobAudit(runId, BATCH_ACTION, keyOf(batch), "outcome");
  const parsed = outcome ? outcomeSchema.safeParse(outcome.input) : undefined;
  return {
    ...(intent ? { intentId: intent.id } : {}),
    // An outcome record that does not read as one counts as no answer.
    ...(outcome ? { outcome: parsed?.success ? parsed.data : { result: "unconfirmed" as const } } : {}),
  };
}
