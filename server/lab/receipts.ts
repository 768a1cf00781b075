import "server-only";
import type { Hex } from "viem";
import { sleep } from "@/server/upstream/retry";
import type { ChainRpc } from "@/server/wallets/chain-rpc";

/**
 * Waiting for what a send became on chain, for a bounded time: the lab's action answers with the
 * receipt when it comes quickly (a local chain mines at once) and says "pending" otherwise.
 */
export const labTiming = { pollMs: 250, receiptTimeoutMs: 30_000 };

export type Mined = { status: "confirmed" | "reverted"; blockNumber: number } | { status: "pending" };

export async function waitForReceipt(rpc: ChainRpc, hash: string, signal?: AbortSignal): Promise<Mined> {
  const deadline = Date.now() + labTiming.receiptTimeoutMs;
  for (;;) {
    const receipt = await rpc.receipt(hash, signal);
    if (receipt)
      return { status: receipt.status === "0x1" ? "confirmed" : "reverted", blockNumber: Number(receipt.blockNumber) };
    if (Date.now() > deadline) return { status: "pending" };
    await sleep(labTiming.pollMs, signal);
  }
}

interface UserOperationReceipt {
  success: boolean;
  nonce: Hex;
  receipt: { transactionHash: Hex; blockNumber: Hex; status?: Hex };
}

export type IncludedOperation =
  | { status: "confirmed" | "reverted"; transactionHash: string; nonce: bigint; blockNumber: number }
  | { status: "pending" };

/** ERC-4337: the user operation's receipt, which names the bundle's transaction (spec rule 5). */
export async function waitForUserOperation(
  rpc: ChainRpc,
  userOperationHash: string,
  signal?: AbortSignal,
): Promise<IncludedOperation> {
  const deadline = Date.now() + labTiming.receiptTimeoutMs;
  for (;;) {
    const found = await rpc.call<UserOperationReceipt | null>(
      "eth_getUserOperationReceipt",
      [userOperationHash],
      signal,
    );
    if (found)
      return {
        status: found.success ? "confirmed" : "reverted",
        transactionHash: found.receipt.transactionHash,
        nonce: BigInt(found.nonce),
        blockNumber: Number(found.receipt.blockNumber),
      };
    if (Date.now() > deadline) return { status: "pending" };
    await sleep(labTiming.pollMs, signal);
  }
}
