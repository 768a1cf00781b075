import "server-only";
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import {
  emptyTally,
  type FollowedReceipt,
  type Observation,
  type ReceiptFacts,
  type ReceiptOutcome,
  type ReceiptTally,
  type ReplayReceipt,
} from "@/lib/alerts/replay-receipts";
import { getDb, tables } from "@/server/db";

/** The receipts table: written by the replay jobs, read by the follower, the page and the CSV. */

const t = tables.alertReplayReceipts;

export interface NewReceipt {
  seq: number;
  eventId: string;
  facts?: ReceiptFacts;
  sentAt: Date;
  outcome: ReceiptOutcome;
  message?: string | null;
}

/** Inserts receipts; one already recorded for the run and event stays as it is (a resumed run writes again). */
export async function insertReceipts(runId: string, webhookId: string, rows: readonly NewReceipt[]): Promise<void> {
  if (rows.length === 0) return;
  const db = await getDb();
  await db
    .insert(t)
    .values(
      rows.map((r) => ({
        runId,
        seq: r.seq,
        eventId: r.eventId,
        webhookId,
        chainId: r.facts?.chainId ?? null,
        blockNumber: r.facts?.blockNumber ?? null,
        transactionHashes: r.facts?.transactionHashes ?? [],
        eventCreatedAt: r.facts ? new Date(r.facts.createdAt) : null,
        sentAt: r.sentAt,
        outcome: r.outcome,
        message: r.message ?? null,
      })),
    )
    .onConflictDoNothing();
}

/** Moves receipts of the given events from one outcome to another (only those still in `from`). */
export async function moveReceipts(
  runId: string,
  eventIds: readonly string[],
  from: readonly ReceiptOutcome[],
  to: ReceiptOutcome,
  message: string | null = null,
): Promise<void> {
  if (eventIds.length === 0) return;
  const db = await getDb();
  await db
    .update(t)
    .set({ outcome: to, message, updatedAt: new Date() })
    .where(and(eq(t.runId, runId), inArray(t.eventId, [...eventIds]), inArray(t.outcome, [...from])));
}

/** Every receipt of the run still in one of `outcomes`. */
export async function moveAllReceipts(
  runId: string,
  from: readonly ReceiptOutcome[],
  to: ReceiptOutcome,
  message: string | null,
): Promise<void> {
  const db = await getDb();
  await db
    .update(t)
    .set({ outcome: to, message, updatedAt: new Date() })
    .where(and(eq(t.runId, runId), inArray(t.outcome, [...from])));
}

/** The run's receipts awaiting an outcome that can be followed (their event's facts are known). */
export async function followedReceipts(runId: string): Promise<FollowedReceipt[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.runId, runId), eq(t.outcome, "awaiting")))
    .orderBy(asc(t.seq));
  return rows.flatMap((r) =>
    r.chainId !== null && r.blockNumber !== null && r.eventCreatedAt !== null
      ? [
          {
            eventId: r.eventId,
            chainId: r.chainId,
            blockNumber: r.blockNumber,
            transactionHashes: r.transactionHashes,
            createdAt: r.eventCreatedAt.toISOString(),
            sentAt: r.sentAt.toISOString(),
          },
        ]
      : [],
  );
}

/**
 * Records what was seen. Awaiting ones keep their outcome (the row carrying the attempt, if seen, is
 * noted); the others take their new outcome. `now` stands for "when seen" where the listing gives
 * no time (an event no longer failed or pending).
 */
export async function recordObservations(runId: string, seen: Map<string, Observation>, now: Date): Promise<number> {
  const db = await getDb();
  let settled = 0;
  await db.transaction(async (tx) => {
    for (const [eventId, o] of seen) {
      if (o.outcome === "awaiting" && o.rowId === null) continue;
      if (o.outcome !== "awaiting") settled++;
      await tx
        .update(t)
        .set({
          outcome: o.outcome,
          outcomeRowId: o.rowId,
          outcomeAt: o.outcome === "awaiting" ? null : new Date(o.at ?? now),
          message: o.message,
          retries: o.retries,
          updatedAt: now,
        })
        .where(and(eq(t.runId, runId), eq(t.eventId, eventId), eq(t.outcome, "awaiting")));
    }
  });
  return settled;
}

export async function receiptTally(runId: string): Promise<ReceiptTally> {
  const db = await getDb();
  const rows = await db.select({ outcome: t.outcome, n: count() }).from(t).where(eq(t.runId, runId)).groupBy(t.outcome);
  const tally = emptyTally();
  for (const r of rows) tally[r.outcome] = Number(r.n);
  return tally;
}

const toReceipt = (r: typeof t.$inferSelect): ReplayReceipt => ({
  seq: r.seq,
  eventId: r.eventId,
  chainId: r.chainId,
  blockNumber: r.blockNumber,
  transactionHashes: r.transactionHashes,
  eventCreatedAt: r.eventCreatedAt?.toISOString() ?? null,
  sentAt: r.sentAt.toISOString(),
  outcome: r.outcome,
  outcomeAt: r.outcomeAt?.toISOString() ?? null,
  outcomeRowId: r.outcomeRowId,
  retries: r.retries,
  message: r.message,
});

/** One page of a run's receipts in the order sent, after `after` (a seq), optionally of some outcomes. */
export async function receiptsPage(
  runId: string,
  options: { after: number; limit: number; outcomes?: readonly ReceiptOutcome[] },
): Promise<{ receipts: ReplayReceipt[]; matching: number; next: number | null }> {
  const db = await getDb();
  const filter = and(
    eq(t.runId, runId),
    options.outcomes?.length ? inArray(t.outcome, [...options.outcomes]) : undefined,
  );
  const rows = await db
    .select()
    .from(t)
    .where(and(filter, gt(t.seq, options.after)))
    .orderBy(asc(t.seq))
    .limit(options.limit + 1);
  const [{ n }] = (await db.select({ n: count() }).from(t).where(filter)) as [{ n: number }];
  const page = rows.slice(0, options.limit).map(toReceipt);
  return { receipts: page, matching: Number(n), next: rows.length > options.limit ? (page.at(-1)?.seq ?? null) : null };
}

/** Every receipt of the run in the order sent, a page at a time (for the CSV and its digest). */
export async function* allReceipts(runId: string, pageSize = 2_000): AsyncGenerator<ReplayReceipt> {
  let after = 0;
  for (;;) {
    const { receipts, next } = await receiptsPage(runId, { after, limit: pageSize });
    yield* receipts;
    if (next === null) return;
    after = next;
  }
}

/** The webhook's replay runs that left receipts, newest first, with their tallies. */
export async function receiptRunsOf(webhookId: string, limit = 50) {
  const db = await getDb();
  const runs = await db
    .select({ runId: t.runId, first: sql<string>`min(${t.sentAt})` })
    .from(t)
    .where(eq(t.webhookId, webhookId))
    .groupBy(t.runId)
    .orderBy(desc(sql`min(${t.sentAt})`))
    .limit(limit);
  if (runs.length === 0) return [];
  const ids = runs.map((r) => r.runId);
  const counts = await db
    .select({ runId: t.runId, outcome: t.outcome, n: count() })
    .from(t)
    .where(inArray(t.runId, ids))
    .groupBy(t.runId, t.outcome);
  const tallies = new Map(ids.map((id) => [id, emptyTally()]));
  for (const c of counts) (tallies.get(c.runId) as ReceiptTally)[c.outcome] = Number(c.n);
  return runs.map((r) => ({ runId: r.runId, tally: tallies.get(r.runId) as ReceiptTally }));
}

/**
 * A replay call's answer on its receipts (still "sent"): queued ones await their outcome (or are not
 * followed, when their event's facts are unknown), refused ones say so.
 */
export async function markAnswered(runId: string, answer: { replaying: string[]; failed: string[] }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const now = new Date();
    if (answer.replaying.length > 0) {
      const queued = and(eq(t.runId, runId), inArray(t.eventId, answer.replaying), eq(t.outcome, "sent"));
      await tx
        .update(t)
        .set({
          outcome: sql`case when ${t.chainId} is null then 'untracked' else 'awaiting' end`,
          message: sql`case when ${t.chainId} is null then ${UNTRACKED} else null end`,
          updatedAt: now,
        })
        .where(queued);
    }
    if (answer.failed.length > 0)
      await tx
        .update(t)
        .set({ outcome: "refused", message: REFUSED, updatedAt: now })
        .where(and(eq(t.runId, runId), inArray(t.eventId, answer.failed), eq(t.outcome, "sent")));
  });
}

const UNTRACKED =
  "Queued by the upstream; its event's facts were lost with an interrupted attempt, so it is not followed";
export const REFUSED = "Refused by the upstream: not failed, unknown, or already replayed";
