import "server-only";
import {
  type Address,
  type Hex,
  decodeEventLog,
  encodeFunctionData,
  getAddress,
  hexToBigInt,
  pad,
  parseAbi,
  toEventSelector,
} from "viem";
import { rpcUrlFor } from "@/lib/chains";
import { revertReason } from "@/lib/yield/revert-reason";
import { getUpstreamConfig } from "@/server/env";
import { AppError } from "@/server/errors";
import { runtimeFetch } from "@/server/upstream/runtime-fetch";

interface RpcReply {
  result?: unknown;
  error?: { code?: number; message?: string; data?: unknown };
}

/** JSON-RPC 2.0's "method not found": what a node without a method answers. */
const METHOD_NOT_FOUND = -32601;

/**
 * The upstream's EVM JSON-RPC gateway ({base_url}/rpc/v1/eip155/<reference>, the rpcUrl the spec
 * has the signer use), read by the console to follow what it signed: nonces, receipts, user
 * operations and the logs that find a transaction sent before a crash.
 */
export class ChainRpc {
  constructor(
    readonly chainId: string,
    readonly url: string,
    private readonly fetchImpl: typeof fetch = runtimeFetch(),
  ) {}

  /** One JSON-RPC request: the HTTP answer and its body (null when it is not JSON); unreachable is thrown. */
  private async exchange(
    method: string,
    params: unknown[],
    signal?: AbortSignal,
  ): Promise<{ status: number; ok: boolean; body: RpcReply | null }> {
    let res: Response;
    try {
      res = await this.fetchImpl(this.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new AppError("UPSTREAM_UNAVAILABLE", `The chain's RPC gateway for ${this.chainId} could not be reached.`);
    }
    return { status: res.status, ok: res.ok, body: (await res.json().catch(() => null)) as RpcReply | null };
  }

  private failure(method: string, answer: { status: number; body: RpcReply | null }): AppError {
    return new AppError(
      "UPSTREAM",
      `The chain's RPC gateway answered ${method} with ${answer.body?.error?.message ?? `HTTP ${answer.status}`}.`,
    );
  }

  async call<T>(method: string, params: unknown[] = [], signal?: AbortSignal): Promise<T> {
    const answer = await this.exchange(method, params, signal);
    if (!answer.ok || !answer.body || answer.body.error) throw this.failure(method, answer);
    return answer.body.result as T;
  }

  /**
   * An eth_call of a transaction as its sender would send it, on the latest state: whether it would
   * succeed, or why it would revert (the node's revert data, decoded). A failure to ask is thrown.
   */
  async simulate(
    tx: { from: string; to: string; data?: string; value?: string },
    signal?: AbortSignal,
  ): Promise<{ ok: true } | { ok: false; reason: string }> {
    const call = { from: tx.from, to: tx.to, data: tx.data ?? "0x", value: tx.value ?? "0x0" };
    const answer = await this.exchange("eth_call", [call, "latest"], signal);
    if (answer.ok && answer.body && !answer.body.error) return { ok: true };
    // Code 3 (geth's "execution reverted") or a message saying so carries the revert data.
    const error = answer.body?.error;
    if (!error || !(error.code === 3 || /revert/i.test(error.message ?? ""))) throw this.failure("eth_call", answer);
    const data = typeof error.data === "string" && /^0x[0-9a-f]*$/i.test(error.data) ? (error.data as Hex) : undefined;
    return { ok: false, reason: revertReason(data, error.message) };
  }

  /**
   * eth_simulateV1, or `undefined` when the gateway does not offer it (JSON-RPC's -32601, method not
   * found); any other failure is thrown.
   */
  async simulateV1<T>(payload: unknown, signal?: AbortSignal): Promise<T | undefined> {
    const answer = await this.exchange("eth_simulateV1", [payload, "latest"], signal);
    if (answer.body?.error?.code === METHOD_NOT_FOUND) return undefined;
    if (!answer.ok || !answer.body || answer.body.error) throw this.failure("eth_simulateV1", answer);
    return answer.body.result as T;
  }

  async blockNumber(signal?: AbortSignal): Promise<number> {
    return Number(await this.call<Hex>("eth_blockNumber", [], signal));
  }

  /** Transactions sent from `address`: "latest" counts mined ones, "pending" those in the pool too. */
  async transactionCount(address: string, tag: "latest" | "pending", signal?: AbortSignal): Promise<number> {
    return Number(await this.call<Hex>("eth_getTransactionCount", [address, tag], signal));
  }

  async receipt(hash: string, signal?: AbortSignal): Promise<{ status: Hex; blockNumber: Hex } | null> {
    return this.call("eth_getTransactionReceipt", [hash], signal);
  }

  /** ERC-4337: null until the user operation is in a block. */
  async userOperationReceipt(
    hash: string,
    signal?: AbortSignal,
  ): Promise<{ success: boolean; receipt: { transactionHash: Hex } } | null> {
    return this.call("eth_getUserOperationReceipt", [hash], signal);
  }

  /** The EntryPoint the gateway's bundler serves (ERC-4337 eth_supportedEntryPoints). */
  async entryPoint(signal?: AbortSignal): Promise<Address> {
    const [first] = await this.call<Address[]>("eth_supportedEntryPoints", [], signal);
    if (!first) throw new AppError("UPSTREAM", `The chain's bundler for ${this.chainId} names no EntryPoint.`);
    return getAddress(first);
  }

  /** The smart account's next user-operation nonce (key 0), as of the pending state or the latest block. */
  async userOperationNonce(sender: string, tag: "latest" | "pending", signal?: AbortSignal): Promise<bigint> {
    const entryPoint = await this.entryPoint(signal);
    const data = encodeFunctionData({ abi: ENTRY_POINT_ABI, functionName: "getNonce", args: [getAddress(sender), 0n] });
    return hexToBigInt(await this.call<Hex>("eth_call", [{ to: entryPoint, data }, tag], signal));
  }

  /** The mined transaction from `from` with `nonce`, searched block by block from `fromBlock`; null when none. */
  async findTransaction(from: string, nonce: number, fromBlock: number, signal?: AbortSignal): Promise<Hex | null> {
    const latest = await this.blockNumber(signal);
    const sender = from.toLowerCase();
    for (let n = Math.max(0, fromBlock); n <= latest; n++) {
      const block = await this.call<{ transactions: { hash: Hex; from: string; nonce: Hex }[] } | null>(
        "eth_getBlockByNumber",
        [`0x${n.toString(16)}`, true],
        signal,
      );
      const tx = block?.transactions.find((t) => t.from.toLowerCase() === sender && Number(t.nonce) === nonce);
      if (tx) return tx.hash;
    }
    return null;
  }

  /** The user operation of `sender` with `nonce` that the EntryPoint executed since `fromBlock`, if any. */
  async findUserOperation(
    sender: string,
    nonce: bigint,
    fromBlock: number,
    signal?: AbortSignal,
  ): Promise<{ userOperationHash: Hex; transactionHash: Hex; success: boolean } | null> {
    const entryPoint = await this.entryPoint(signal);
    const logs = await this.call<{ topics: Hex[]; data: Hex; transactionHash: Hex }[]>(
      "eth_getLogs",
      [
        {
          address: entryPoint,
          fromBlock: `0x${Math.max(0, fromBlock).toString(16)}`,
          toBlock: "latest",
          topics: [USER_OPERATION_EVENT, null, pad(getAddress(sender).toLowerCase() as Hex, { size: 32 })],
        },
      ],
      signal,
    );
    for (const log of logs) {
      const event = decodeEventLog({ abi: ENTRY_POINT_ABI, data: log.data, topics: log.topics as [Hex, ...Hex[]] });
      if (event.eventName === "UserOperationEvent" && event.args.nonce === nonce)
        return {
          userOperationHash: event.args.userOpHash,
          transactionHash: log.transactionHash,
          success: event.args.success,
        };
    }
    return null;
  }
}

const ENTRY_POINT_ABI = parseAbi([
  "function getNonce(address sender, uint192 key) view returns (uint256)",
  "event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)",
]);
const USER_OPERATION_EVENT = toEventSelector(
  "UserOperationEvent(bytes32,address,address,uint256,bool,uint256,uint256)",
);

/** The gateway of an eip155 chain on the configured upstream. */
export function chainRpc(chainId: string): ChainRpc {
  const url = rpcUrlFor(getUpstreamConfig().baseUrl, chainId);
  if (!url)
    throw new AppError("VALIDATION", `${chainId} is not an EVM chain: the console follows EVM transactions only.`);
  return new ChainRpc(chainId, url);
}
