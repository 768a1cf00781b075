import "server-only";
import { z } from "zod";
import { REPLAY_BATCH_SIZE, type ReplayAllResult } from "@/lib/alerts/replay";
import { receiptFacts, type ReceiptFacts } from "@/lib/alerts/replay-receipts";
import type { AlertEvent } from "@/lib/contracts/alerts";
import { shortAddress, utc } from "@/lib/shared/format";
import { appendJobAuditOnce } from "@/server/audit/job-records";
import { getEnv } from "@/server/env";
import { defineJob, JobError, JobInterruptedError, type JobContext } from "@/server/jobs";
import { isJobError } from "@/server/jobs/errors";
import { logger } from "@/server/log";
import { getAdminClient, type AdminClient } from "@/server/upstream";
import { isUpstreamErrorOf } from "@/server/upstream/errors";
import { sleep } from "@/server/upstream/retry";
import { leaveOutFor } from "../test-activity/leave-out";
import { recordBatchIntent, recordBatchOutcome, recordedBatch, type Batch, type BatchOutcome } from "./batch-record";
import { followReceipts } from "./follow";
import { followProgress } from "./follow-job";
import { type ReplayParams, replayParamsSchema } from "./params";
import { failedEventsQuery } from "./query";
import { closeReceipts } from "./receipts-close";
import { insertReceipts, markAnswered, moveAllReceipts, moveReceipts } from "./receipts-store";

const countsSchema = z.object({
  sent: z.number().int(),
  queued: z.number().int(),
  refused: z.number().int(),
  unconfirmed: z.number().int(),
});

export const replayCheckpointSchema = countsSchema.extend({
  /** Where the next page of failed events starts; null before the first. */
  cursor: z.string().nullable(),
  finished: z.boolean(),
  total: z.number().int().nullable(),
  /** Failed events the test-activity switch left out (never sent); absent in older checkpoints. */
  leftOut: z.number().int().nonnegative().default(0),
  /** Batches taken so far (the next one is number batches + 1); absent in older checkpoints. */
  batches: z.number().int().nonnegative().default(0),
  /**
   * A batch saved as "about to be sent" whose answer was not recorded: the attempt that was sending
   * it stopped. What the audit log holds of it decides what the resumed run does (settleInFlight).
   */
  inFlight: z
    .object({
      ids: z.number().int(),
      /** The batch's number and ids; an older checkpoint has the count alone. */
      batch: z.number().int().positive().optional(),
      eventIds: z.array(z.string()).optional(),
    })
    .nullable(),
  /** Set when every batch is settled: until when the run follows its receipts. */
  followUntil: z.iso.datetime().optional(),
});
type ReplayCheckpoint = z.infer<typeof replayCheckpointSchema>;
type Ctx = JobContext<ReplayParams, ReplayCheckpoint>;

/** How long to wait after a 429 that named no Retry-After. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 5_000;

/**
 * "Replay all failed": pages through the failed events of the pinned range (100 at a time) and
 * sends each page's ids to the replay endpoint, counting what the upstream queued and refused.
 *
 * At most once per batch. The checkpoint that moves the cursor past a batch, marked "in flight"
 * with its ids, is saved *before* the replay call, and the answer is saved after it. Each batch
 * also leaves two audit records (batch-record.ts): its intent, written after that checkpoint and
 * before the call (fail closed: no record, no call), and its outcome after the answer. If the
 * attempt stops in between (crash, lost lease, takeover), the next attempt reads the log: a batch
 * with an outcome counts as recorded; one with an intent alone is recorded and counted as
 * unconfirmed and never sent again, because a replay is a real delivery to the custodian's
 * receiver, and a second one is worse than one that may be missing, which still shows as failed
 * and can be replayed again; one without an intent was never sent, and is sent now. A 429 is the
 * one failure known to have done nothing, so that batch is resent after the Retry-After.
 *
 * Receipts: every id sent has a receipt (receipts-store.ts), written "sent" with its event's facts
 * before its batch's intent and moved by the answer (awaiting, refused) or its absence
 * (unconfirmed). Once every batch is settled the run follows the awaiting ones until each has a new
 * outcome or CONSOLE_REPLAY_FOLLOW_SECONDS pass, and records the receipts' digest in the audit log.
 */
export const alertsReplayAllJob = defineJob({
  kind: "alerts.replay-all",
  params: replayParamsSchema,
  checkpoint: replayCheckpointSchema,
  maxAttempts: 5,
  retryDelaySeconds: 5,
  // Two: a person may replay two webhooks (or two ranges) side by side. Every batch is a real
  // delivery to the custodian's receiver and two requests of the shared background budget; more at
  // once from one person is a script, not a review. Starting the same filters again joins the run.
  perPersonLimit: {
    max: 2,
    noun: ["replay of failed events", "replays of failed events"],
    describe: (p) => ({
      text: `${p.confirmedCount.toLocaleString("en")} failed events of webhook ${shortAddress(p.webhookId, 8, 4)} up to ${utc(p.until)}`,
    }),
  },
  async run(ctx): Promise<ReplayAllResult> {
    const { params } = ctx;
    const query = failedEventsQuery(params.filters, params.until);
    let state: ReplayCheckpoint = ctx.checkpoint ?? {
      cursor: null,
      finished: query === null,
      total: query === null ? 0 : null,
      sent: 0,
      queued: 0,
      refused: 0,
      unconfirmed: 0,
      batches: 0,
      leftOut: 0,
      inFlight: null,
    };
    const admin = getAdminClient();
    const leaveOut = leaveOutFor(params.filters.test ?? "include");
    try {
      if (state.inFlight) {
        state = await settleInFlight(ctx, admin, state);
        await ctx.saveCheckpoint(state, progress(state));
      }
      while (!state.finished && query) {
        ctx.signal.throwIfAborted();
        const page = await admin.alerts.webhooks.events(
          params.webhookId,
          { ...query, limit: String(REPLAY_BATCH_SIZE), ...(state.cursor ? { cursor: state.cursor } : {}) },
          { signal: ctx.signal, priority: "background" },
        );
        const next = page.metadata.cursor;
        const finished = !next || page.data.length === 0 || next === state.cursor;
        const total = state.total ?? page.metadata.total;
        const left = leaveOut ? await leaveOut(page.data) : new Set<string>();
        const events = page.data.filter((e) => !left.has(e.id));
        const ids = events.map((e) => e.id);
        if (ids.length === 0) {
          state = { ...state, cursor: next, finished, total, leftOut: state.leftOut + left.size };
          continue;
        }
        const batch = state.batches + 1;
        state = {
          ...state,
          cursor: next,
          finished,
          total,
          batches: batch,
          leftOut: state.leftOut + left.size,
          inFlight: { ids: ids.length, batch, eventIds: ids },
        };
        await ctx.saveCheckpoint(state, progress(state));
        state = await sendBatch(ctx, admin, state, { number: batch, eventIds: ids }, events);
        await ctx.saveCheckpoint(state, progress(state));
      }
    } catch (error) {
      await recordIfCancelled(ctx, state);
      throw error;
    }
    const counts = {
      sent: state.sent,
      queued: state.queued,
      refused: state.refused,
      unconfirmed: state.unconfirmed,
      leftOutAsTest: state.leftOut,
      until: params.until,
    };
    if (!state.followUntil) {
      await appendJobAuditOnce(ctx.runId, {
        actor: params.actor,
        action: "alerts.replay-all",
        target: params.webhookId,
        outcome: "ok",
        input: { runId: ctx.runId, filters: params.filters, confirmedCount: params.confirmedCount, ...counts },
      });
      // Anything still "sent" belongs to a batch settled without its answer.
      await moveAllReceipts(ctx.runId, ["sent"], "unconfirmed", UNCONFIRMED);
      state = {
        ...state,
        followUntil: new Date(Date.now() + getEnv().CONSOLE_REPLAY_FOLLOW_SECONDS * 1000).toISOString(),
      };
      await ctx.saveCheckpoint(state, progress(state));
    }
    try {
      const tally = await followReceipts({
        runId: ctx.runId,
        webhookId: params.webhookId,
        until: new Date(state.followUntil as string),
        signal: ctx.signal,
        report: (t) => ctx.progress(followProgress(t)),
      });
      const receipts = await closeReceipts(
        { runId: ctx.runId, actor: params.actor, webhookId: params.webhookId },
        "all",
        tally,
      );
      return { ...counts, receipts } satisfies ReplayAllResult;
    } catch (error) {
      await stopFollowingIfCancelled(ctx);
      throw error;
    }
  },
});

const UNCONFIRMED =
  "Sent in a batch whose answer was never recorded: it may have been replayed, and it is not sent again.";

/** The receipts a batch's page gives facts for, written "sent" before anything is sent. */
function factsOf(events: readonly AlertEvent[] | undefined): Map<string, ReceiptFacts> {
  return new Map((events ?? []).map((e) => [e.id, receiptFacts(e)]));
}

/** A run cancelled while following: its awaiting receipts say so instead of awaiting for ever. */
async function stopFollowingIfCancelled(ctx: { runId: string; signal: AbortSignal }) {
  const reason = ctx.signal.reason as unknown;
  if (!(ctx.signal.aborted && reason instanceof JobInterruptedError && reason.reason === "cancelled")) return;
  await moveAllReceipts(ctx.runId, ["awaiting"], "pending", "Following stopped: the run was cancelled").catch(
    (error: unknown) => logger.error({ err: error, runId: ctx.runId }, "could not close a cancelled run's receipts"),
  );
}

/**
 * Sends a batch already checkpointed in flight: its intent on record first, then the call, then its
 * outcome. Returns the state with the batch counted and no longer in flight.
 */
async function sendBatch(
  ctx: Ctx,
  admin: AdminClient,
  state: ReplayCheckpoint,
  batch: Batch,
  events?: readonly AlertEvent[],
) {
  const facts = factsOf(events);
  const sentAt = new Date();
  // A batch resumed from its checkpoint alone has no page: its receipts (if a crash lost them) cannot be followed.
  await insertReceipts(
    ctx.runId,
    ctx.params.webhookId,
    batch.eventIds.map((eventId, i) => ({
      seq: (batch.number - 1) * REPLAY_BATCH_SIZE + i + 1,
      eventId,
      facts: facts.get(eventId),
      sentAt,
      outcome: "sent",
    })),
  );
  const intent = await recordBatchIntent(ctx, batch);
  // Another driver recorded this batch first (one that lost the run to this one, or took it over):
  // it was that driver's to send, so it is settled from the log, never sent from here.
  if (!intent.created) return settleRecorded(ctx, state, batch, intent.id);
  // The lease may have lapsed: whoever takes the run over finds the intent and never sends it.
  if (isLeaseLost(ctx.signal)) throw ctx.signal.reason;
  let answer: { replaying: string[]; failed: string[] };
  try {
    answer = await replayBatch(admin, ctx.params.webhookId, batch.eventIds, ctx.signal);
  } catch (error) {
    const outcome: BatchOutcome = isJobError(error)
      ? { result: "refused", reason: error.message }
      : { result: "unconfirmed" };
    await moveReceipts(
      ctx.runId,
      batch.eventIds,
      ["sent"],
      outcome.result === "refused" ? "refused" : "unconfirmed",
      outcome.result === "refused" ? outcome.reason : UNCONFIRMED,
    ).catch(() => undefined);
    // Best effort: without it, the resumed run finds the intent alone and records the same.
    await recordBatchOutcome(ctx, batch, outcome, intent.id).catch((recordError: unknown) =>
      logger.error({ err: recordError, runId: ctx.runId }, "could not record a replay batch's outcome"),
    );
    throw error;
  }
  const outcome: BatchOutcome = { result: "queued", queued: answer.replaying.length, refused: answer.failed.length };
  // Before the outcome record: a run resumed after it finds its receipts moved.
  await markAnswered(ctx.runId, answer);
  // If this cannot be written the attempt fails, and the resumed run records the batch unconfirmed:
  // the log and the checkpoint never disagree.
  await recordBatchOutcome(ctx, batch, outcome, intent.id);
  return counted(state, batch, outcome);
}

/**
 * A batch a stopped attempt left in flight, settled by what the log holds of it: its outcome if
 * recorded; unconfirmed if only its intent is (recorded now); sent now if not even its intent is,
 * since no intent means no call.
 */
async function settleInFlight(ctx: Ctx, admin: AdminClient, state: ReplayCheckpoint) {
  const flight = state.inFlight as NonNullable<ReplayCheckpoint["inFlight"]>;
  // Saved by a version that kept no batch records: unconfirmed, as it always was.
  if (flight.batch === undefined || flight.eventIds === undefined)
    return { ...state, unconfirmed: state.unconfirmed + flight.ids, inFlight: null };
  const batch = { number: flight.batch, eventIds: flight.eventIds };
  const recorded = await recordedBatch(ctx.runId, batch);
  if (recorded.intentId === undefined) return sendBatch(ctx, admin, state, batch);
  return settleRecorded(ctx, state, batch, recorded.intentId);
}

/** A batch whose intent stands: its recorded outcome counts, or it is recorded and counted unconfirmed. */
async function settleRecorded(ctx: Ctx, state: ReplayCheckpoint, batch: Batch, intentId: string) {
  const written = await recordBatchOutcome(ctx, batch, { result: "unconfirmed" }, intentId);
  const outcome = written.created ? undefined : (await recordedBatch(ctx.runId, batch)).outcome;
  await moveReceipts(ctx.runId, batch.eventIds, ["sent"], "unconfirmed", UNCONFIRMED);
  return counted(state, batch, outcome ?? { result: "unconfirmed" });
}

function counted(state: ReplayCheckpoint, batch: Batch, outcome: BatchOutcome): ReplayCheckpoint {
  const ids = batch.eventIds.length;
  const settled = { ...state, inFlight: null };
  if (outcome.result === "unconfirmed") return { ...settled, unconfirmed: state.unconfirmed + ids };
  if (outcome.result === "refused") return { ...settled, sent: state.sent + ids, refused: state.refused + ids };
  return {
    ...settled,
    sent: state.sent + ids,
    queued: state.queued + outcome.queued,
    refused: state.refused + outcome.refused,
  };
}

function isLeaseLost(signal: AbortSignal): boolean {
  const reason = signal.reason as unknown;
  return signal.aborted && reason instanceof JobInterruptedError && reason.reason === "lease-lost";
}

/**
 * One replay call, not tied to the job's signal: once sent, its answer is waited for, so a cancel
 * does not turn a batch the upstream took into one of unknown fate.
 */
async function replayBatch(admin: AdminClient, webhookId: string, eventIds: string[], signal: AbortSignal) {
  for (;;) {
    try {
      return (await admin.alerts.webhooks.replay(webhookId, { eventIds }, { priority: "background" })).data;
    } catch (error) {
      if (isUpstreamErrorOf(error, "RateLimitedError")) {
        // Refused before anything happened: waiting and sending the same batch again is safe.
        await sleep(error.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS, signal);
        continue;
      }
      if (isUpstreamErrorOf(error, "NotFoundError"))
        throw new JobError("The upstream no longer knows this webhook.", { cause: error });
      if (isUpstreamErrorOf(error, "BadRequestError"))
        throw new JobError(`The upstream refused a replay: ${error.upstreamMessage ?? "bad request"}`, {
          cause: error,
        });
      throw error;
    }
  }
}

function progress(state: ReplayCheckpoint) {
  const done = state.sent + state.unconfirmed + (state.inFlight?.ids ?? 0);
  return {
    done,
    total: state.total === null ? null : Math.max(state.total, done),
    message: `Replaying: ${state.queued.toLocaleString("en")} queued, ${state.refused.toLocaleString("en")} refused`,
  };
}

/** A cancelled replay-all has replayed what it sent so far: that is on record too. */
async function recordIfCancelled(ctx: Ctx, state: ReplayCheckpoint) {
  const reason = ctx.signal.reason as unknown;
  if (!(ctx.signal.aborted && reason instanceof JobInterruptedError && reason.reason === "cancelled")) return;
  if (state.sent === 0 && state.inFlight === null) return;
  await appendJobAuditOnce(ctx.runId, {
    actor: ctx.params.actor,
    action: "alerts.replay-all",
    target: ctx.params.webhookId,
    outcome: "ok",
    input: {
      runId: ctx.runId,
      cancelled: true,
      filters: ctx.params.filters,
      until: ctx.params.until,
      confirmedCount: ctx.params.confirmedCount,
      sent: state.sent,
      queued: state.queued,
      refused: state.refused,
      unconfirmed: state.unconfirmed + (state.inFlight?.ids ?? 0),
    },
  }).catch((error: unknown) =>
    logger.error({ err: error, runId: ctx.runId }, "could not record a cancelled replay-all"),
  );
}
