import "server-only";
import { z } from "zod";
import { webhookIdSchema } from "@/lib/alerts/export";
import { filtersRecordSchema } from "@/lib/alerts/filters-record";
import { REPLAY_BATCH_SIZE, type ReplayAllResult } from "@/lib/alerts/replay";
import { defineJob, JobError, JobInterruptedError, type JobContext } from "@/server/jobs";
import { getAdminClient, type AdminClient } from "@/server/upstream";
import { isUpstreamErrorOf } from "@/server/upstream/errors";
import { sleep } from "@/server/upstream/retry";
import { logger } from "@/server/log";
import { appendJobAuditOnce } from "@/server/jobs/audit";
import { failedEventsQuery } from "./query";

export const replayParamsSchema = z.object({
  webhookId: webhookIdSchema,
  filters: filtersRecordSchema,
  /** The pinned end of the range (exclusive), as the dry run showed it. */
  until: z.iso.datetime(),
  /** What the dry run counted when the user confirmed (for the record). */
  confirmedCount: z.number().int().nonnegative(),
  actor: z.object({ id: z.string(), email: z.string(), role: z.string() }),
});
export type ReplayParams = z.infer<typeof replayParamsSchema>;

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
  /**
   * A batch saved as "about to be sent" whose answer was not recorded: the attempt that sent it
   * died. It is never sent again.
   */
  inFlight: z.object({ ids: z.number().int() }).nullable(),
});
type ReplayCheckpoint = z.infer<typeof replayCheckpointSchema>;
type Ctx = JobContext<ReplayParams, ReplayCheckpoint>;

/** How long to wait after a 429 that named no Retry-After. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 5_000;

/**
 * "Replay all failed": pages through the failed events of the pinned range (100 at a time) and
 * sends each page's ids to the replay endpoint, counting what the upstream queued and refused.
 *
 * At most once per batch. The checkpoint that moves the cursor past a batch, marked "in flight",
 * is saved *before* the replay call, and the answer is saved after it. If the attempt dies between
 * the two (crash, lost lease, takeover), the next attempt finds the batch in flight and counts it
 * as unconfirmed instead of sending it again: a replay is a real delivery to the custodian's
 * receiver, and a second one is worse than one that may be missing, which still shows as failed
 * and can be replayed again. A 429 is the one failure known to have done nothing, so that batch is
 * resent after the Retry-After.
 */
export const alertsReplayAllJob = defineJob({
  kind: "alerts.replay-all",
  params: replayParamsSchema,
  checkpoint: replayCheckpointSchema,
  maxAttempts: 5,
  retryDelaySeconds: 5,
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
      inFlight: null,
    };
    if (state.inFlight) {
      state = { ...state, unconfirmed: state.unconfirmed + state.inFlight.ids, inFlight: null };
      await ctx.saveCheckpoint(state, progress(state));
    }
    const admin = getAdminClient();
    try {
      while (!state.finished && query) {
        ctx.signal.throwIfAborted();
        const page = await admin.alerts.webhooks.events(
          params.webhookId,
          { ...query, limit: String(REPLAY_BATCH_SIZE), ...(state.cursor ? { cursor: state.cursor } : {}) },
          { signal: ctx.signal, priority: "background" },
        );
        const ids = page.data.map((e) => e.id);
        const next = page.metadata.cursor;
        const finished = !next || ids.length === 0 || next === state.cursor;
        const total = state.total ?? page.metadata.total;
        if (ids.length === 0) {
          state = { ...state, finished, total };
          continue;
        }
        state = { ...state, cursor: next, finished, total, inFlight: { ids: ids.length } };
        await ctx.saveCheckpoint(state, progress(state));
        const answer = await replayBatch(admin, params.webhookId, ids, ctx.signal);
        state = {
          ...state,
          inFlight: null,
          sent: state.sent + ids.length,
          queued: state.queued + answer.replaying.length,
          refused: state.refused + answer.failed.length,
        };
        await ctx.saveCheckpoint(state, progress(state));
      }
    } catch (error) {
      await recordIfCancelled(ctx, state);
      throw error;
    }
    const result: ReplayAllResult = {
      sent: state.sent,
      queued: state.queued,
      refused: state.refused,
      unconfirmed: state.unconfirmed,
      until: params.until,
    };
    await appendJobAuditOnce(ctx.runId, {
      actor: params.actor,
      action: "alerts.replay-all",
      target: params.webhookId,
      outcome: "ok",
      input: { runId: ctx.runId, filters: params.filters, confirmedCount: params.confirmedCount, ...result },
    });
    return result;
  },
});

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
