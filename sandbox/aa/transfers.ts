/**
 * What user operations moved in a block, for the wallet events (EIP_155_TX_V1): the native value a
 * smart account sent (an internal call, which the block does not show as a transaction of its own),
 * and which user operation each log of a bundle belongs to, so transfers carry `userOperationHash`.
 */
import { type Address, type Hex, getAddress } from "viem";
import type { Requester } from "../chain/fees";
import type { ChainTransfer } from "../types";
import { ENTRY_POINT } from "./addresses";
import { userOperationEvents } from "./bundler";
import { decodeExecute, decodeHandleOps, userOperationHash } from "./user-operation";

interface BundleTransaction {
  hash: Hex;
  to: Address | null;
  input: Hex;
  transactionIndex: Hex;
}

export interface UserOperationActivity {
  /** Native value sent by successful operations, ordered like the block's other transfers. */
  native: { order: [number, number]; transfer: ChainTransfer }[];
  /** `${transactionHash}:${logIndex}` → the user operation that emitted that log. */
  operationOfLog: Map<string, Hex>;
}

export async function userOperationActivity(
  request: Requester,
  chainId: string,
  block: { number: Hex; transactions: BundleTransaction[] },
): Promise<UserOperationActivity> {
  const activity: UserOperationActivity = { native: [], operationOfLog: new Map() };
  const reference = Number(chainId.split(":")[1]);
  for (const tx of block.transactions) {
    if (tx.to?.toLowerCase() !== ENTRY_POINT.toLowerCase()) continue;
    const receipt = (await request("eth_getTransactionReceipt", [tx.hash])) as {
      status: Hex;
      logs: { address: Address; topics: Hex[]; data: Hex; logIndex: Hex }[];
      transactionHash: Hex;
    } | null;
    if (receipt?.status !== "0x1") continue;
    const ops = decodeHandleOps(tx.input) ?? [];
    let previous = -1;
    for (const event of userOperationEvents(receipt)) {
      for (const log of receipt.logs) {
        const index = Number(log.logIndex);
        if (index > previous && index < event.logIndex)
          activity.operationOfLog.set(`${tx.hash}:${index}`, event.userOpHash);
      }
      previous = event.logIndex;
      const op = ops.find(
        (o) => userOperationHash(o, ENTRY_POINT, reference).toLowerCase() === event.userOpHash.toLowerCase(),
      );
      const call = op && decodeExecute(op.callData);
      if (!event.success || !call || call.value === 0n) continue;
      activity.native.push({
        order: [Number(tx.transactionIndex), event.logIndex],
        transfer: {
          chainId,
          blockNumber: Number(block.number),
          transactionHash: tx.hash,
          from: getAddress(event.sender),
          to: call.to,
          rawAmount: call.value,
          userOperationHash: event.userOpHash,
        },
      });
    }
  }
  return activity;
}
