import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { tables, type Db } from "@/server/db";

/**
 * The spec's nonce rule ("when several transactions for one client are sent quickly or in parallel,
 * the caller tracks the nonce and increments it for each call"): the console hands out nonces per
 * client and EVM chain from one row. A reservation is one atomic statement that takes the larger of
 * the row and the chain's pending count, so parallel sends (on any console instance) each get their
 * own, and transactions sent from elsewhere are skipped over.
 */
export async function reserveNonce(db: Db, clientId: string, chainId: string, chainPending: number): Promise<number> {
  const rows = await db
    .insert(tables.clientNonces)
    .values({ clientId, chainId, next: chainPending + 1 })
    .onConflictDoUpdate({
      target: [tables.clientNonces.clientId, tables.clientNonces.chainId],
      set: {
        next: sql`greatest(${tables.clientNonces.next}, ${chainPending}) + 1`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ next: tables.clientNonces.next });
  const next = rows[0]?.next;
  if (next === undefined) throw new Error("nonce reservation returned no row");
  return next - 1;
}

/**
 * Gives a nonce back when nothing was sent with it. Only the newest reservation can be returned (a
 * later one may already be in flight); otherwise it returns false and the caller says so: the
 * transactions after the gap wait in the chain's pool until a send fills it (an explicit nonce).
 */
export async function releaseNonce(db: Db, clientId: string, chainId: string, nonce: number): Promise<boolean> {
  const rows = await db
    .update(tables.clientNonces)
    .set({ next: nonce, updatedAt: sql`now()` })
    .where(
      and(
        eq(tables.clientNonces.clientId, clientId),
        eq(tables.clientNonces.chainId, chainId),
        eq(tables.clientNonces.next, nonce + 1),
      ),
    )
    .returning({ next: tables.clientNonces.next });
  return rows.length > 0;
}
