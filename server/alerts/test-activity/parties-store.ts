import "server-only";
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { rowSeal, sealHolds } from "@/server/db/row-seal";
import { transactionParties } from "@/server/db/schema";
import { logger } from "@/server/log";

/** A claim whose asker never answered (its process ended) is taken again after this long. */
const ABANDONED_PARTIES_CLAIM_MS = 2 * 60_000;

export interface TxKey {
  chainId: string;
  /** Lower case. */
  hash: string;
}

export const txKey = (key: TxKey) => `${key.chainId} ${key.hash}`;

/**
 * What is kept of these transactions: their parties, or null while another process is asking the chain.
 * Keyed by txKey().
 */
export async function recordedParties(db: Db, keys: readonly TxKey[]): Promise<Map<string, string[] | null>> {
  const found = new Map<string, string[] | null>();
  const forged: TxKey[] = [];
  const byChain = new Map<string, string[]>();
  for (const key of keys) byChain.set(key.chainId, [...(byChain.get(key.chainId) ?? []), key.hash]);
  for (const [chainId, hashes] of byChain)
    for (let i = 0; i < hashes.length; i += 1000) {
      const rows = await db
        .select({
          hash: transactionParties.transactionHash,
          parties: transactionParties.parties,
          seal: transactionParties.seal,
        })
        .from(transactionParties)
        .where(
          and(
            eq(transactionParties.chainId, chainId),
            inArray(transactionParties.transactionHash, hashes.slice(i, i + 1000)),
          ),
        );
      for (const row of rows) {
        const key = txKey({ chainId, hash: row.hash });
        if (row.parties === null) found.set(key, null);
        else if (sealHolds(seal({ chainId, hash: row.hash }, row.parties), row.seal)) found.set(key, row.parties);
        else forged.push({ chainId, hash: row.hash });
      }
    }
  if (forged.length > 0) {
    // Parties rewritten outside the console (a real client's failure made to name a test wallet, so the
    // summary figures would leave it out): dropped and asked of the chain again.
    logger.warn({ rows: forged.length }, "transaction parties rewritten outside the console: asked again");
    // One statement per chain, as the watchdog drops its rewritten answers.
    for (const chainId of new Set(forged.map((key) => key.chainId)))
      await db.delete(transactionParties).where(
        and(
          eq(transactionParties.chainId, chainId),
          inArray(
            transactionParties.transactionHash,
            forged.filter((key) => key.chainId === chainId).map((key) => key.hash),
          ),
        ),
      );
  }
  return found;
}

/** The seal of a transaction's parties: the chain, the hash and every party, in the order kept. */
const seal = (key: TxKey, parties: readonly string[]) =>
  rowSeal("transaction-parties/v1", [key.chainId, key.hash, parties.join(",")]);

/**
 * Claims these transactions for asking the chain; returns the txKeys this caller won. Another process's
 * claim stands unless it is older than ABANDONED_PARTIES_CLAIM_MS without an answer.
 */
export async function claimParties(db: Db, keys: readonly TxKey[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const now = new Date().toISOString();
  const stale = new Date(Date.now() - ABANDONED_PARTIES_CLAIM_MS).toISOString();
  const won = await db
    .insert(transactionParties)
    .values(keys.map((key) => ({ chainId: key.chainId, transactionHash: key.hash, claimedAt: now })))
    .onConflictDoUpdate({
      target: [transactionParties.chainId, transactionParties.transactionHash],
      set: { claimedAt: now },
      setWhere: and(isNull(transactionParties.parties), lt(transactionParties.claimedAt, stale)),
    })
    .returning({ chainId: transactionParties.chainId, hash: transactionParties.transactionHash });
  return new Set(won.map(txKey));
}

/** The chain's answer to a claimed transaction (kept for good), or null: the claim is given up, asked again later. */
export async function recordParties(
  db: Db,
  key: TxKey,
  answer: { parties: string[]; blockNumber: number } | null,
): Promise<void> {
  const where = and(eq(transactionParties.chainId, key.chainId), eq(transactionParties.transactionHash, key.hash));
  if (!answer) {
    await db.delete(transactionParties).where(and(where, isNull(transactionParties.parties)));
    return;
  }
  await db
    .update(transactionParties)
    .set({
      parties: answer.parties,
      blockNumber: answer.blockNumber,
      checkedAt: new Date().toISOString(),
      seal: seal(key, answer.parties),
    })
    .where(and(where, isNull(transactionParties.parties)));
}
