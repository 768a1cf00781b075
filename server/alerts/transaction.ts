import "server-only";
import { formatUnits, type Hex } from "viem";
import { confirmationDelayMs } from "@/lib/alerts/confirmation-depth";
import type { OnChainTransfer, TransactionOnChain, TransactionView } from "@/lib/alerts/transaction";
import { chainInfo } from "@/lib/chains";
import { getUpstreamConfig } from "@/server/env";
import { isAppError } from "@/server/errors";
import { chainRpc, type ChainRpc } from "@/server/wallets/chain-rpc";
import { decodeTransfer, tokenFacts } from "@/server/wallets/erc20-facts";
import { eventsPage } from "./webhook-reads";

interface RpcTransaction {
  from: string;
  to: string | null;
  value: Hex;
}
interface RpcReceipt {
  status: Hex;
  blockNumber: Hex;
  gasUsed: Hex;
  effectiveGasPrice?: Hex;
  logs: { address: string; topics: Hex[]; data: Hex }[];
}

/** The transaction through the gateway, and the webhook's alerts for it (one listing by hash). */
export async function readTransaction(webhookId: string, chainId: string, hash: string): Promise<TransactionView> {
  const [chain, page] = await Promise.all([
    onChain(chainId, hash),
    eventsPage(webhookId, { eventTypes: "EIP_155_TX_V1", transactionHash: hash, limit: "100" }),
  ]);
  const alerts = [...page.data].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const upstream = getUpstreamConfig();
  const confirmationWaitMs = confirmationDelayMs(chainId, upstream.confirmationMs);
  return { chainId, hash, chain, alerts, confirmationWaitMs, retryScale: upstream.retryScale };
}

async function onChain(chainId: string, hash: string): Promise<TransactionOnChain> {
  try {
    const rpc = chainRpc(chainId);
    const [tx, receipt, head] = await Promise.all([
      rpc.call<RpcTransaction | null>("eth_getTransactionByHash", [hash]),
      rpc.call<RpcReceipt | null>("eth_getTransactionReceipt", [hash]),
      rpc.blockNumber(),
    ]);
    if (!tx || !receipt) return { kind: "missing" };
    const native = chainInfo(chainId);
    const symbol = native?.nativeSymbol ?? "native";
    const decimals = native?.nativeDecimals ?? 18;
    const fee = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice ?? "0x0");
    const transfers: OnChainTransfer[] = [];
    const value = BigInt(tx.value);
    if (value > 0n && tx.to)
      transfers.push({
        token: null,
        from: tx.from.toLowerCase(),
        to: tx.to.toLowerCase(),
        rawAmount: value.toString(),
        amount: formatUnits(value, decimals),
      });
    for (const log of receipt.logs) {
      const transfer = decodeTransfer(log);
      if (transfer) transfers.push(await withToken(rpc, log.address, transfer));
    }
    const block = Number(receipt.blockNumber);
    return {
      kind: "mined",
      from: tx.from.toLowerCase(),
      to: tx.to?.toLowerCase() ?? null,
      status: receipt.status === "0x1" ? "success" : "reverted",
      blockNumber: block,
      confirmations: Math.max(0, head - block + 1),
      fee: { raw: fee.toString(), amount: formatUnits(fee, decimals), symbol },
      transfers,
    };
  } catch (error) {
    return { kind: "unknown", message: isAppError(error) ? error.userMessage : "The chain could not be asked." };
  }
}

async function withToken(
  rpc: ChainRpc,
  address: string,
  args: { from: string; to: string; value: bigint },
): Promise<OnChainTransfer> {
  const { symbol, decimals } = await tokenFacts(rpc, address);
  return {
    token: { address: address.toLowerCase(), symbol, decimals },
    from: args.from.toLowerCase(),
    to: args.to.toLowerCase(),
    rawAmount: args.value.toString(),
    amount: decimals === null ? null : formatUnits(args.value, decimals),
  };
}
