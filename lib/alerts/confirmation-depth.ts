/**
 * How many blocks the upstream waits before it sends a transfer's confirmed alert, per chain (the
 * real service's table, api-shapes.md §1.11; chains it does not list: 12), and how long that takes
 * at the public chain's block time. The sandbox raises its confirmed alerts by it; the console's
 * chain watchdog judges a missing one by it.
 */
import { evmChainReference } from "@/lib/chains";

export const CONFIRMATION_DEPTH: Readonly<Record<number, number>> = {
  1: 12,
  11155111: 18,
  137: 100,
  80002: 100,
  8453: 100,
  84532: 100,
  42161: 18,
  421614: 600,
  10: 500,
  11155420: 600,
};
export const DEFAULT_CONFIRMATION_DEPTH = 12;

/** The public chains' block time. */
const BLOCK_TIME_MS: Readonly<Record<number, number>> = {
  137: 2_000,
  80002: 2_000,
  8453: 2_000,
  84532: 2_000,
  10: 2_000,
  11155420: 2_000,
  42161: 250,
  421614: 250,
};
const DEFAULT_BLOCK_TIME_MS = 12_000;

export function confirmationDepth(chainId: string): number {
  const reference = evmChainReference(chainId);
  return (reference !== undefined ? CONFIRMATION_DEPTH[reference] : undefined) ?? DEFAULT_CONFIRMATION_DEPTH;
}

/** How long after the transfer the confirmed alert comes: `fixedMs` when set, else the public chain's pace. */
export function confirmationDelayMs(chainId: string, fixedMs?: number): number {
  if (fixedMs !== undefined) return fixedMs;
  const reference = evmChainReference(chainId);
  const blockMs = (reference !== undefined ? BLOCK_TIME_MS[reference] : undefined) ?? DEFAULT_BLOCK_TIME_MS;
  return confirmationDepth(chainId) * blockMs;
}
