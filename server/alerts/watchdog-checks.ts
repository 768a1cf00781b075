import "server-only";
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { ChainVerdict } from "@/lib/alerts/watchdog";
import type { Db } from "@/server/db/client";
import { watchdogChecks } from "@/server/db/schema";

/** A claim whose asker never answered (its process ended) is taken again after this long. */
export const ABANDONED_CLAIM_MS = 5 * 60_000;

export interface RecordedCheck {
  /** Lower case. */
  hash: string;
  checkedAt: string | null;
  verdict: Exclude<ChainVerdict, { kind: "unknown" }> | null;
}

export interface CheckToClaim {
  hash: string;
  chainId: string;
  alertedAt: string;
}

/** What is recorded of these transactions of a webhook (asked, or being asked). */
export async function recordedChecks(
  db: Db,
  webhookId: string,
  hashes: readonly string[],
): Promise<Map<string, RecordedCheck>> {
  const found = new Map<string, RecordedCheck>();
  for (let i = 0; i < hashes.length; i += 1000) {
    const rows = await db
      .select({
        hash: watchdogChecks.transactionHash,
        checkedAt: watchdogChecks.checkedAt,
        verdict: watchdogChecks.verdict,
      })
      .from(watchdogChecks)
      .where(
        and(
          eq(watchdogChecks.webhookId, webhookId),
          inArray(watchdogChecks.transactionHash, hashes.slice(i, i + 1000)),
        ),
      );
    for (const row of rows) found.set(row.hash, { ...row, verdict: row.verdict as RecordedCheck["verdict"] });
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

/** The chain's answer to a claimed transaction; an answer of "unknown" gives the claim up, to be asked again. */
export async function recordCheck(
  db: Db,
  webhookId: string,
  hash: string,
  verdict: ChainVerdict,
): Promise<string | null> {
  const where = and(eq(watchdogChecks.webhookId, webhookId), eq(watchdogChecks.transactionHash, hash));
  if (verdict.kind === "unknown") {
    await db.delete(watchdogChecks).where(and(where, isNull(watchdogChecks.checkedAt)));
    return null;
  }
  const checkedAt = new Date().toISOString();
  await db.update(watchdogChecks).set({ checkedAt, verdict }).where(where);
  return checkedAt;
}

/** Forgets what was asked of transactions first alerted before `before` (out of the watched day). */
export async function pruneChecks(db: Db, webhookId: string, before: string): Promise<void> {
  await db
    .delete(watchdogChecks)
    .where(and(eq(watchdogChecks.webhookId, webhookId), lt(watchdogChecks.alertedAt, before)));
}
