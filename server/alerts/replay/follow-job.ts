import "server-only";
import { z } from "zod";
import { webhookIdSchema } from "@/lib/alerts/export";
import { receiptFacts, type ReceiptFacts, type ReceiptTally } from "@/lib/alerts/replay-receipts";
import { shortAddress, utc } from "@/lib/shared/format";
import { getEnv } from "@/server/env";
import { defineJob, type JobContext } from "@/server/jobs";
import { getAdminClient, type AdminClient } from "@/server/upstream";
import { followReceipts } from "./follow";
import { closeReceipts, type ReceiptsSummary } from "./receipts-close";
import { insertReceipts, REFUSED, type NewReceipt } from "./receipts-store";

const idsSchema = z.array(z.string().min(1).max(100)).max(1000);

/** A replay of selected events, already sent: what it sent and what the upstream answered. */
export const followParamsSchema = z.object({
  webhookId: webhookIdSchema,
  actor: z.object({ id: z.string(), email: z.string(), role: z.string() }),
  /** Just before the replay call. */
  sentAt: z.iso.datetime(),
  queued: idsSchema,
  refused: idsSchema,
  /** The selected events' creation times, first and last: where their facts are read. */
  window: z.object({ from: z.iso.datetime({ offset: true }), until: z.iso.datetime({ offset: true }) }).nullable(),
});
export type FollowParams = z.infer<typeof followParamsSchema>;

const checkpointSchema = z.object({ followUntil: z.iso.datetime() });

/** Pages of the window read for the selected events' facts: 5,000 events. */
const FACT_PAGES = 5;

/**
 * The receipts of a replay of selected events: records one per event (its facts read from the
 * listing over the selection's time window), then follows them until each has a new outcome or the
 * follow time (CONSOLE_REPLAY_FOLLOW_SECONDS) ends, and records the receipts' digest in the audit log.
 */
export const alertsReplayFollowJob = defineJob({
  kind: "alerts.replay-follow",
  params: followParamsSchema,
  checkpoint: checkpointSchema,
  maxAttempts: 5,
  retryDelaySeconds: 5,
  concurrency: 2,
  // Each one reads the upstream's events listing until its events settle (up to
  // CONSOLE_REPLAY_FOLLOW_SECONDS), on the workers everyone's runs share: one person replaying in a
  // loop must not fill them. The replay itself is refused before it is sent (replay-selected.ts).
  perPersonLimit: {
    max: 5,
    noun: ["replay being followed", "replays being followed"],
    describe: (p) => {
      const events = p.queued.length + p.refused.length;
      return {
        text: `${events.toLocaleString("en")} event${events === 1 ? "" : "s"} of webhook ${shortAddress(p.webhookId, 8, 4)} replayed ${utc(p.sentAt)}`,
      };
    },
  },
  async run(ctx): Promise<ReceiptsSummary> {
    const { params } = ctx;
    let followUntil = ctx.checkpoint?.followUntil;
    if (!followUntil) {
      await recordSent(ctx, getAdminClient());
      followUntil = new Date(Date.now() + getEnv().CONSOLE_REPLAY_FOLLOW_SECONDS * 1000).toISOString();
      await ctx.saveCheckpoint({ followUntil }, { done: 0, total: params.queued.length + params.refused.length });
    }
    const tally = await followReceipts({
      runId: ctx.runId,
      webhookId: params.webhookId,
      until: new Date(followUntil),
      signal: ctx.signal,
      report: (t) => ctx.progress(followProgress(t)),
    });
    return closeReceipts({ runId: ctx.runId, actor: params.actor, webhookId: params.webhookId }, "selected", tally);
  },
});

/** Progress while following: settled receipts of all, in words. */
export function followProgress(t: ReceiptTally) {
  const total = Object.values(t).reduce((a, b) => a + b, 0);
  return {
    done: total - t.awaiting - t.sent,
    total,
    message: `Following: ${t.delivered.toLocaleString("en")} delivered, ${t.failed.toLocaleString("en")} failed again, ${t.awaiting.toLocaleString("en")} awaiting`,
  };
}

async function recordSent(ctx: JobContext<FollowParams, unknown>, admin: AdminClient) {
  const { params } = ctx;
  const facts = await readFacts(admin, params, ctx.signal);
  const sentAt = new Date(params.sentAt);
  const rows: NewReceipt[] = [
    ...params.queued.map((eventId): Omit<NewReceipt, "seq"> => {
      const known = facts.get(eventId);
      return known
        ? { eventId, facts: known, sentAt, outcome: "awaiting" }
        : {
            eventId,
            sentAt,
            outcome: "untracked",
            message: "Queued by the upstream, but not found in the selection's time window to follow",
          };
    }),
    ...params.refused.map((eventId): Omit<NewReceipt, "seq"> => ({
      eventId,
      facts: facts.get(eventId),
      sentAt,
      outcome: "refused",
      message: REFUSED,
    })),
  ].map((r, i) => ({ ...r, seq: i + 1 }));
  await insertReceipts(ctx.runId, params.webhookId, rows);
}

/** The events' listing rows over the selection's window (any status), read until all are found. */
async function readFacts(admin: AdminClient, params: FollowParams, signal: AbortSignal) {
  const wanted = new Set([...params.queued, ...params.refused]);
  const facts = new Map<string, ReceiptFacts>();
  if (!params.window) return facts;
  const since = Math.floor(Date.parse(params.window.from) / 1000);
  const until = Math.floor(Date.parse(params.window.until) / 1000) + 1;
  let cursor: string | null = null;
  for (let page = 0; page < FACT_PAGES && facts.size < wanted.size; page++) {
    const answer = await admin.alerts.webhooks.events(
      params.webhookId,
      {
        eventTypes: "EIP_155_TX_V1",
        since: String(since),
        until: String(until),
        limit: "1000",
        ...(cursor ? { cursor } : {}),
      },
      { signal, priority: "background" },
    );
    for (const e of answer.data) if (wanted.has(e.id)) facts.set(e.id, receiptFacts(e));
    const next = answer.metadata.cursor;
    if (!next || answer.data.length === 0 || next === cursor) break;
    cursor = next;
  }
  return facts;
}
