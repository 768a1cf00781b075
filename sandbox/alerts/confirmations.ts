/**
 * When an EVM transfer's confirmed alert follows its unconfirmed one. The depths are the real
 * service's blocks-until-confirmed table (api-shapes.md §1.11); chains it does not list use 12. The
 * local chains mine a block per transaction, so an idle chain would never reach the depth: after the
 * time the public chain would take (depth × its block time, or SANDBOX_CONFIRMATION_MS for every
 * chain), the sandbox mines the blocks still missing (empty, one timestamp) and raises the alert.
 */
import { evmChainReference } from "@/lib/chains";
import type { ChainRegistry } from "../types";

/** Blocks on top of the transfer's block before the confirmed alert, by chain reference. */
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

/** The public chains' block time, for the time a confirmation takes there. */
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
export function confirmationDelayMs(chainId: string, fixedMs: number | undefined): number {
  if (fixedMs !== undefined) return fixedMs;
  const reference = evmChainReference(chainId);
  const blockMs = (reference !== undefined ? BLOCK_TIME_MS[reference] : undefined) ?? DEFAULT_BLOCK_TIME_MS;
  return confirmationDepth(chainId) * blockMs;
}

/**
 * Carries the chain to `block + depth` if it is not there yet: the confirmed alert never claims more
 * confirmations than the chain shows. Returns the head afterwards.
 */
export async function reachDepth(
  chains: Pick<ChainRegistry, "request">,
  chainId: string,
  block: number,
): Promise<number> {
  const reference = evmChainReference(chainId);
  if (reference === undefined) throw new Error(`not an EVM chain: ${chainId}`);
  const target = block + confirmationDepth(chainId);
  const head = Number(await chains.request(reference, "eth_blockNumber", []));
  if (head >= target) return head;
  await chains.request(reference, "hardhat_mine", [`0x${(target - head).toString(16)}`, "0x0"]);
  return Number(await chains.request(reference, "eth_blockNumber", []));
}
