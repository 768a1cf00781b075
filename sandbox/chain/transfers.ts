/**
 * Turns a mined block into the value transfers a wallet-watching service reports: native value carried
 * by a successful transaction, ERC-20 Transfer logs of the test tokens, the faucet's NativeDrip logs
 * (its payouts are internal calls, which a block does not show otherwise), and the native value smart
 * accounts send in user operations (sandbox/aa/transfers.ts), each with its userOperationHash.
 */
import { type Address, type Hex, getAddress, hexToBigInt, keccak256, stringToHex } from "viem";
import { userOperationActivity } from "../aa/transfers";
import type { ChainTransfer, TestToken } from "../types";
import type { Requester } from "./fees";

const TRANSFER_TOPIC = keccak256(stringToHex("Transfer(address,address,uint256)"));
const NATIVE_DRIP_TOPIC = keccak256(stringToHex("NativeDrip(address,uint256)"));

export interface RpcTransaction {
  hash: Hex;
  from: Address;
  to: Address | null;
  value: Hex;
  input: Hex;
  transactionIndex: Hex;
}

export interface RpcBlock {
  number: Hex;
  timestamp: Hex;
  transactions: RpcTransaction[];
}

interface RpcLog {
  address: Address;
  topics: Hex[];
  data: Hex;
  transactionHash: Hex;
  transactionIndex: Hex;
  logIndex: Hex;
}

const topicAddress = (topic: Hex | undefined): Address =>
  getAddress(`0x${(topic ?? "0x").slice(-40).padStart(40, "0")}`);

export async function transfersInBlock(
  request: Requester,
  chainId: string,
  block: RpcBlock,
  contracts: { faucet: Address; tokens: TestToken[] },
): Promise<ChainTransfer[]> {
  if (block.transactions.length === 0) return [];
  const blockNumber = Number(block.number);
  const found: { order: [number, number]; transfer: ChainTransfer }[] = [];

  for (const tx of block.transactions) {
    if (!tx.to || hexToBigInt(tx.value) === 0n) continue;
    const receipt = (await request("eth_getTransactionReceipt", [tx.hash])) as { status: Hex } | null;
    if (receipt?.status !== "0x1") continue;
    found.push({
      order: [Number(tx.transactionIndex), -1],
      transfer: {
        chainId,
        blockNumber,
        transactionHash: tx.hash,
        from: getAddress(tx.from),
        to: getAddress(tx.to),
        rawAmount: hexToBigInt(tx.value),
      },
    });
  }

  const userOperations = await userOperationActivity(request, chainId, block);
  found.push(...userOperations.native);

  const byAddress = new Map(contracts.tokens.map((t) => [t.address.toLowerCase(), t]));
  const logs = (await request("eth_getLogs", [
    {
      fromBlock: block.number,
      toBlock: block.number,
      address: [contracts.faucet, ...contracts.tokens.map((t) => t.address)],
    },
  ])) as RpcLog[];
  for (const log of logs) {
    const order: [number, number] = [Number(log.transactionIndex), Number(log.logIndex)];
    const base = {
      chainId,
      blockNumber,
      transactionHash: log.transactionHash,
      rawAmount: log.data === "0x" ? 0n : hexToBigInt(log.data),
    };
    const token = byAddress.get(log.address.toLowerCase());
    if (token && log.topics[0] === TRANSFER_TOPIC && log.topics.length === 3) {
      const userOperationHash = userOperations.operationOfLog.get(`${log.transactionHash}:${Number(log.logIndex)}`);
      found.push({
        order,
        transfer: {
          ...base,
          from: topicAddress(log.topics[1]),
          to: topicAddress(log.topics[2]),
          token,
          ...(userOperationHash ? { userOperationHash } : {}),
        },
      });
    } else if (log.address.toLowerCase() === contracts.faucet.toLowerCase() && log.topics[0] === NATIVE_DRIP_TOPIC)
      found.push({ order, transfer: { ...base, from: getAddress(contracts.faucet), to: topicAddress(log.topics[1]) } });
  }

  return found.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]).map((f) => f.transfer);
}
