import "server-only";
import { z } from "zod";
import {
  RECEIPT_OUTCOMES,
  type ReceiptOutcome,
  type ReceiptsPage,
  type ReceiptTally,
  type ReplayRunSummary,
} from "@/lib/alerts/replay-receipts";
import { notFound } from "@/server/errors";
import { getJobRun } from "@/server/jobs";
import type { JobRun } from "@/server/jobs/types";
import { receiptRunsOf, receiptsPage, receiptTally } from "./receipts-store";

/** Job kinds whose runs leave receipts, and what the page calls them. */
const KINDS: Record<string, ReplayRunSummary["kind"]> = {
  "alerts.replay-all": "all",
  "alerts.replay-follow": "selected",
};

export const RECEIPTS_PAGE_SIZE = 100;

const resultSchema = z
  .object({
    csvSha256: z.string().optional(),
    receipts: z.object({ csvSha256: z.string() }).optional(),
  })
  .nullable()
  .catch(null);
const checkpointSchema = z.object({ followUntil: z.string().optional() }).nullable().catch(null);

function summary(run: JobRun, tally: ReceiptTally, startedAt: string): ReplayRunSummary {
  return {
    runId: run.id,
    kind: KINDS[run.kind] as ReplayRunSummary["kind"],
    status: run.status,
    startedByEmail: run.startedByEmail,
    startedAt,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    tally,
    total: Object.values(tally).reduce((a, b) => a + b, 0),
  };
}

/** The webhook's replays that left receipts, newest first (at most 50). */
export async function listReplayRuns(webhookId: string): Promise<ReplayRunSummary[]> {
  const rows = await receiptRunsOf(webhookId);
  const runs = await Promise.all(rows.map(async (r) => ({ r, run: await getJobRun(r.runId) })));
  return runs.flatMap(({ r, run }) =>
    run && KINDS[run.kind] ? [summary(run, r.tally, run.createdAt.toISOString())] : [],
  );
}

/** A replay run of this webhook, or NOT_FOUND (an unknown id, another kind, or another webhook's run). */
export async function replayRunOf(webhookId: string, runId: string): Promise<JobRun> {
  const run = await getJobRun(runId);
  const params = z.object({ webhookId: z.string() }).safeParse(run?.params);
  if (!run || !KINDS[run.kind] || !params.success || params.data.webhookId !== webhookId)
    throw notFound("The replay run");
  return run;
}

/** One page of a run's receipts in the order sent, with the run and its tally. */
export async function readReceipts(
  webhookId: string,
  runId: string,
  options: { outcomes?: readonly ReceiptOutcome[]; after?: number } = {},
): Promise<ReceiptsPage> {
  const run = await replayRunOf(webhookId, runId);
  const [tally, page] = await Promise.all([
    receiptTally(run.id),
    receiptsPage(run.id, { after: options.after ?? 0, limit: RECEIPTS_PAGE_SIZE, outcomes: options.outcomes }),
  ]);
  const result = resultSchema.parse(run.result);
  return {
    run: {
      ...summary(run, tally, run.createdAt.toISOString()),
      followUntil: checkpointSchema.parse(run.checkpoint)?.followUntil ?? null,
      csvSha256: result?.receipts?.csvSha256 ?? result?.csvSha256 ?? null,
    },
    ...page,
  };
}

export const receiptOutcomesParam = z
  .string()
  .max(200)
  .transform((s) => s.split(",").filter(Boolean))
  .pipe(z.array(z.enum(RECEIPT_OUTCOMES, { message: `expected outcomes among ${RECEIPT_OUTCOMES.join(", ")}` })));
