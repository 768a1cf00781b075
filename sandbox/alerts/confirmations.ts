/**
 * Confirmed alerts on the local chains, which mine a block per transaction: an idle chain would never
 * reach the depth (lib/alerts/confirmation-depth.ts), so after the time the public chain would take
 * (or SANDBOX_CONFIRMATION_MS), the sandbox mines the blocks still missing (empty, one timestamp).
 */
import { confirmationDepth } from "@/lib/alerts/confirmation-depth";
import { evmChainReference } from "@/lib/chains";
import type { ChainRegistry } from "../types";

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
