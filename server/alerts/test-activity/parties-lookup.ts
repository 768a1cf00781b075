import "server-only";
import type { Hex } from "viem";
import { topicAddress } from "@/lib/alerts/test-activity";
import { chainRpc } from "@/server/wallets/chain-rpc";

interface RpcTransaction {
  from: string;
  to: string | null;
}
interface RpcReceipt {
  blockNumber: Hex;
  logs: { topics: Hex[] }[];
}

/**
 * A transaction's parties as the chain has it, through the upstream's RPC gateway (as the transaction
 * drawer and the watchdog read it): its sender, its recipient, and every address in its logs' indexed
 * topics (an ERC-20 Transfer's from and to, an ERC-4337 UserOperationEvent's sender and paymaster),
 * lower case, sorted. null: the chain does not hold it (not mined yet, or dropped). A failure to ask is thrown.
 */
export async function lookUpParties(
  chainId: string,
  hash: string,
): Promise<{ parties: string[]; blockNumber: number } | null> {
  const rpc = chainRpc(chainId);
  const [tx, receipt] = await Promise.all([
    rpc.call<RpcTransaction | null>("eth_getTransactionByHash", [hash]),
    rpc.call<RpcReceipt | null>("eth_getTransactionReceipt", [hash]),
  ]);
  if (!tx || !receipt) return null;
  const parties = new Set<string>([tx.from.toLowerCase()]);
  if (tx.to) parties.add(tx.to.toLowerCase());
  for (const log of receipt.logs)
    for (const topic of log.topics.slice(1)) {
      const address = topicAddress(topic);
      if (address) parties.add(address);
    }
  return { parties: [...parties].sort(), blockNumber: Number(receipt.blockNumber) };
}
