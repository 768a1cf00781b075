import "server-only";
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { ChainVerdict } from "@/lib/alerts/watchdog";
import type { Db } from "@/server/db/client";
import { rowSeal, sealHolds } from "@/server/db/row-seal";
import { watchdogChecks } from "@/server/db/schema";
import { logger } from "@/server/log";

/** A claim whose asker never answered (its process ended) is taken again after this long. */
export const ABANDONED_CLAIM_MS = 5 * 60_000;

type Answer = Exclude<ChainVerdict, { kind: "unknown" }>;

export interface RecordedCheck {
  /** Lower case. */
  hash: string;
  /** Null while the asking is under way. */
  checkedAt: string | null;
  verdict: Answer | null;
}

export interface CheckToClaim {
  hash: string;
  chainId: string;
  alertedAt: string;
}

/**
 * Each answer is sealed (HMAC-SHA-256 under a key derived from AUTH_SECRET) over the webhook, the
 * transaction, its chain, its first alert, when it was asked and what the chain said: a database writer
 * who rewrites a verdict (a reorganised transaction made to read "mined, succeeded, deep") makes a row
 * that does not verify, and it is dropped and asked of the chain again instead of hiding a dispute.
 */
function seal(row: {
  webhookId: string;
  hash: string;
  chainId: string;
  alertedAt: string;
  checkedAt: string;
  verdict: Answer;
}): string {
  const v = row.verdict;
  const said = v.kind === "mined" ? `mined\n${v.status}\n${v.blockNumber}\n${v.confirmations}` : v.kind;
  return rowSeal("watchdog-check/v1", [
    row.webhookId,
    row.hash,
    row.chainId,
    Date.parse(row.alertedAt),
    Date.parse(row.checkedAt),
    said,
  ]);
}

/**
 * What is recorded of these transactions of a webhook (asked, or being asked). An answer whose seal does
 * not verify was written outside the console: it is deleted (logged), so the transaction is asked again.
 */
export async function recordedChecks(
  db: Db,
  webhookId: string,
  hashes: readonly string[],
): Promise<Map<string, RecordedCheck>> {
  const found = new Map<string, RecordedCheck>();
  const forged: string[] = [];
  for (let i = 0; i < hashes.length; i += 1000) {
    const rows = await db
      .select()
      .from(watchdogChecks)
      .where(
        and(
          eq(watchdogChecks.webhookId, webhookId),
          inArray(watchdogChecks.transactionHash, hashes.slice(i, i + 1000)),
        ),
      );
    for (const row of rows) {
      const hash = row.transactionHash;
      if (row.checkedAt === null && row.verdict === null) {
        found.set(hash, { hash, checkedAt: null, verdict: null });
        continue;
      }
      const verdict = row.verdict as Answer;
      const expected =
        row.checkedAt === null || verdict === null
          ? ""
          : seal({
              webhookId,
              hash,
              chainId: row.chainId,
              alertedAt: row.alertedAt,
              checkedAt: row.checkedAt,
              verdict,
            });
      if (expected && sealHolds(expected, row.seal) && row.checkedAt !== null)
        found.set(hash, { hash, checkedAt: new Date(row.checkedAt).toISOString(), verdict });
      else forged.push(hash);
    }
  }
  if (forged.length > 0) {
    logger.warn({ webhookId, rows: forged.length }, "watchdog answers rewritten outside the console: asked again");
    await db
      .delete(watchdogChecks)
      .where(and(eq(watchdogChecks.webhookId, webhookId), inArray(watchdogChecks.transactionHash, forged)));
  }
  return found;
}

/**
 * Claims these transactions for asking; returns the hashes this caller won. Another process's claim stands
 * unless it is older than ABANDONED_CLAIM_MS without a verdict.
 */
export async function claimChecks(db: Db, webhookId: string, items: readonly CheckToClaim[]): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const now = new Date().toISOString();
  const stale = new Date(Date.now() - ABANDONED_CLAIM_MS).toISOString();
  const won = await db
    .insert(watchdogChecks)
    .values(
      items.map((item) => ({
        webhookId,
        transactionHash: item.hash,
        chainId: item.chainId,
        alertedAt: item.alertedAt,
        claimedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [watchdogChecks.webhookId, watchdogChecks.transactionHash],
      set: { claimedAt: now },
      setWhere: and(isNull(watchdogChecks.checkedAt), lt(watchdogChecks.claimedAt, stale)),
    })
    .returning({ hash: watchdogChecks.transactionHash });
  return new Set(won.map((row) => row.hash));
}

/**
 * The chain's answer to a claimed transaction, sealed; an answer of "unknown" gives the claim up, to be
 * asked again (null).
 */
export async function recordCheck(
  db: Db,
  webhookId: string,
  item: CheckToClaim,
  verdict: ChainVerdict,
): Promise<RecordedCheck | null> {
  const where = and(eq(watchdogChecks.webhookId, webhookId), eq(watchdogChecks.transactionHash, item.hash));
  if (verdict.kind === "unknown") {
    await db.delete(watchdogChecks).where(and(where, isNull(watchdogChecks.checkedAt)));
    return null;
  }
  const checkedAt = new Date().toISOString();
  const sealed = seal({ webhookId, ...item, checkedAt, verdict });
  await db.update(watchdogChecks).set({ checkedAt, verdict, seal: sealed }).where(where);
  return { hash: item.hash, checkedAt, verdict };
}

/** Forgets what was asked of transactions first alerted before `before` (out of the watched day). */
export async function pruneChecks(db: Db, webhookId: string, before: string): Promise<void> {
  await db
    .delete(watchdogChecks)
    .where(and(eq(watchdogChecks.webhookId, webhookId), lt(watchdogChecks.alertedAt, before)));
}
