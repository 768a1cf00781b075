/**
 * The sandbox's ERC-4337 bundler: takes user operations (from the MPC service for account-abstracted
 * clients, or from eth_sendUserOperation on the JSON-RPC route), simulates each against the local
 * chain, submits it in its own handleOps transaction from the bundler account, and answers the bundler
 * RPC methods. The paymaster's deposit pays the gas; every sponsored operation, once included, is
 * recorded as gas-sponsorship usage of its chain.
 *
 * Simplified against a production bundler: one operation per bundle, submitted at once (no mempool,
 * no batching, no reputation), simulation by eth_call of handleOps rather than simulateValidation.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { type Address, type Hex, decodeEventLog, getAddress, keccak256, stringToHex, toHex } from "viem";
import { RPC_INVALID_PARAMS, RpcError } from "../chain/errors";
import { KeyedLock } from "../chain/lock";
import type { ChainRegistry } from "../types";
import { bundler } from "./accounts";
import { ENTRY_POINT, PAYMASTER } from "./addresses";
import {
  type UserOperation,
  decodeHandleOps,
  encodeHandleOps,
  entryPointAbi,
  fromRpcUserOperation,
  toRpcUserOperation,
  userOperationHash,
} from "./user-operation";

/** The node refused the bundle in simulation: the operation would not validate or its bundle would revert. */
export class BundlerRejection extends Error {
  override name = "BundlerRejection";
}

export interface SponsorshipRecorder {
  recordSponsoredOperation(operation: { chainId: string; costWei: bigint }): void;
}

export interface BundlerOptions {
  chains: ChainRegistry;
  /** Where sponsored operations are recorded (the gas-usage ledger); none records nothing. */
  sponsorship?: SponsorshipRecorder;
  log?: (message: string) => void;
}

/** Gas of handleOps itself beyond the operation's own limits (loop, hashing, events, paying the bundler). */
const BUNDLE_OVERHEAD_GAS = 100_000n;
/** How long a submitted bundle is watched for inclusion (interval mining) before the bundler gives up on it. */
const WATCH_MS = 10 * 60_000;

const USER_OPERATION_EVENT = keccak256(
  stringToHex("UserOperationEvent(bytes32,address,address,uint256,bool,uint256,uint256)"),
);
const REVERT_REASON_EVENT = keccak256(stringToHex("UserOperationRevertReason(bytes32,address,uint256,bytes)"));
/** ERC-4337's code for an operation the EntryPoint simulation rejects. */
export const RPC_USER_OPERATION_REJECTED = -32500;

interface RpcLog {
  address: Address;
  topics: Hex[];
  data: Hex;
  logIndex: Hex;
  transactionHash: Hex;
  blockHash: Hex;
  blockNumber: Hex;
}

interface RpcReceipt {
  transactionHash: Hex;
  blockHash: Hex;
  blockNumber: Hex;
  status: Hex;
  logs: RpcLog[];
  [field: string]: unknown;
}

export interface UserOperationOutcome {
  userOpHash: Hex;
  sender: Address;
  paymaster: Address;
  nonce: bigint;
  success: boolean;
  actualGasCost: bigint;
  actualGasUsed: bigint;
  transactionHash: Hex;
}

const isHash = (v: unknown): v is Hex => typeof v === "string" && /^0x[0-9a-fA-F]{64}$/.test(v);

function reasonOf(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split("\n")[0] ?? "execution reverted";
}

/** The UserOperationEvents of a receipt's logs, decoded. */
export function userOperationEvents(receipt: {
  transactionHash: Hex;
  logs: readonly Pick<RpcLog, "address" | "topics" | "data" | "logIndex">[];
}): (UserOperationOutcome & { logIndex: number })[] {
  const out: (UserOperationOutcome & { logIndex: number })[] = [];
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== ENTRY_POINT.toLowerCase() || log.topics[0] !== USER_OPERATION_EVENT) continue;
    const { args } = decodeEventLog({
      abi: entryPointAbi,
      eventName: "UserOperationEvent",
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data,
    });
    out.push({
      ...args,
      sender: getAddress(args.sender),
      paymaster: getAddress(args.paymaster),
      transactionHash: receipt.transactionHash,
      logIndex: Number(log.logIndex),
    });
  }
  return out;
}

export class Bundler {
  private readonly lock = new KeyedLock();
  /** `${reference}:${userOpHash}` → the bundle transaction, for operations this process submitted. */
  private readonly sent = new Map<string, Hex>();
  private readonly recorded = new Set<string>();
  private readonly watching = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: BundlerOptions) {}

  /** Simulates and submits one operation; resolves with its user-operation hash once the node accepted the bundle. */
  submit(reference: number, op: UserOperation): Promise<Hex> {
    const hash = userOperationHash(op, ENTRY_POINT, reference);
    const request = this.requester(reference);
    return this.lock.run(String(reference), async () => {
      const data = encodeHandleOps([op], bundler.address);
      const gas = op.callGasLimit + op.verificationGasLimit * 3n + op.preVerificationGas + BUNDLE_OVERHEAD_GAS;
      try {
        await request("eth_call", [{ from: bundler.address, to: ENTRY_POINT, data, gas: toHex(gas) }, "pending"]);
      } catch (e) {
        throw new BundlerRejection(`The EntryPoint rejected the user operation in simulation: ${reasonOf(e)}`);
      }
      const nonce = Number(await request("eth_getTransactionCount", [bundler.address, "pending"]));
      const tip = op.maxPriorityFeePerGas < op.maxFeePerGas ? op.maxPriorityFeePerGas : op.maxFeePerGas;
      const raw = await bundler.signTransaction({
        type: "eip1559",
        chainId: reference,
        nonce,
        to: ENTRY_POINT,
        data,
        gas,
        maxFeePerGas: op.maxFeePerGas,
        maxPriorityFeePerGas: tip,
      });
      let transactionHash: Hex;
      try {
        transactionHash = (await request("eth_sendRawTransaction", [raw])) as Hex;
      } catch (e) {
        throw new BundlerRejection(`The node refused the bundle: ${reasonOf(e)}`);
      }
      this.sent.set(`${reference}:${hash.toLowerCase()}`, transactionHash);
      // With a block per transaction the bundle is mined already, so its sponsorship is on the books
      // before the caller hears back; with interval mining it is recorded when the block comes.
      if (!(await this.recordIfIncluded(reference, transactionHash))) this.watch(reference, transactionHash);
      return hash;
    });
  }

  /** The transaction that included an operation, if it was included (or, for this process's own, sent). */
  async transactionOf(reference: number, userOpHash: Hex): Promise<Hex | undefined> {
    const known = this.sent.get(`${reference}:${userOpHash.toLowerCase()}`);
    if (known) return known;
    const logs = (await this.requester(reference)("eth_getLogs", [
      {
        address: ENTRY_POINT,
        topics: [USER_OPERATION_EVENT, userOpHash.toLowerCase()],
        fromBlock: "0x0",
        toBlock: "latest",
      },
    ])) as RpcLog[];
    return logs[0]?.transactionHash;
  }

  /** eth_getUserOperationReceipt: null until the operation is in a block. */
  async userOperationReceipt(reference: number, userOpHash: Hex): Promise<Record<string, unknown> | null> {
    const txHash = await this.transactionOf(reference, userOpHash);
    if (!txHash) return null;
    const receipt = (await this.requester(reference)("eth_getTransactionReceipt", [txHash])) as RpcReceipt | null;
    if (!receipt) return null;
    const events = userOperationEvents(receipt);
    const at = events.findIndex((e) => e.userOpHash.toLowerCase() === userOpHash.toLowerCase());
    const event = events[at];
    if (!event) return null;
    const after = at > 0 ? (events[at - 1] as { logIndex: number }).logIndex : -1;
    const logs = receipt.logs.filter(
      (l) =>
        Number(l.logIndex) > after &&
        Number(l.logIndex) < event.logIndex &&
        l.address.toLowerCase() !== ENTRY_POINT.toLowerCase(),
    );
    const revert = receipt.logs.find(
      (l) => l.topics[0] === REVERT_REASON_EVENT && l.topics[1]?.toLowerCase() === userOpHash.toLowerCase(),
    );
    return {
      userOpHash: event.userOpHash,
      entryPoint: ENTRY_POINT,
      sender: event.sender,
      nonce: toHex(event.nonce),
      paymaster: event.paymaster,
      actualGasCost: toHex(event.actualGasCost),
      actualGasUsed: toHex(event.actualGasUsed),
      success: event.success,
      ...(revert
        ? {
            reason: decodeEventLog({
              abi: entryPointAbi,
              eventName: "UserOperationRevertReason",
              topics: revert.topics as [Hex, ...Hex[]],
              data: revert.data,
            }).args.revertReason,
          }
        : {}),
      logs,
      receipt,
    };
  }

  /** eth_getUserOperationByHash: the operation as submitted, with where it was included (null fields while pending). */
  async userOperationByHash(reference: number, userOpHash: Hex): Promise<Record<string, unknown> | null> {
    const txHash = await this.transactionOf(reference, userOpHash);
    if (!txHash) return null;
    const tx = (await this.requester(reference)("eth_getTransactionByHash", [txHash])) as {
      input: Hex;
      blockHash: Hex | null;
      blockNumber: Hex | null;
    } | null;
    const op =
      tx &&
      decodeHandleOps(tx.input)?.find(
        (o) => userOperationHash(o, ENTRY_POINT, reference).toLowerCase() === userOpHash.toLowerCase(),
      );
    if (!tx || !op) return null;
    return {
      userOperation: toRpcUserOperation(op),
      entryPoint: ENTRY_POINT,
      transactionHash: txHash,
      blockHash: tx.blockHash,
      blockNumber: tx.blockNumber,
    };
  }

  /** The bundler methods of the JSON-RPC route (rpc.ts routes them here). */
  async rpc(reference: number, method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case "eth_supportedEntryPoints":
        return [ENTRY_POINT];
      case "eth_getUserOperationReceipt":
      case "eth_getUserOperationByHash": {
        const hash = params[0];
        if (!isHash(hash))
          throw new RpcError(RPC_INVALID_PARAMS, `${method} takes a user operation hash (0x + 64 hex digits)`);
        return method === "eth_getUserOperationReceipt"
          ? this.userOperationReceipt(reference, hash)
          : this.userOperationByHash(reference, hash);
      }
      case "eth_sendUserOperation": {
        const [value, entryPoint] = params;
        if (typeof entryPoint !== "string" || entryPoint.toLowerCase() !== ENTRY_POINT.toLowerCase())
          throw new RpcError(RPC_INVALID_PARAMS, `The sandbox bundler serves the EntryPoint ${ENTRY_POINT} only`);
        let op: UserOperation;
        try {
          op = fromRpcUserOperation(value);
        } catch (e) {
          throw new RpcError(RPC_INVALID_PARAMS, `Invalid user operation: ${reasonOf(e)}`);
        }
        try {
          return await this.submit(reference, op);
        } catch (e) {
          if (e instanceof BundlerRejection) throw new RpcError(RPC_USER_OPERATION_REJECTED, e.message);
          throw e;
        }
      }
      default:
        throw new RpcError(-32601, `Method ${method} is not a bundler method`);
    }
  }

  /** Stops watching for inclusions; resolves once every watcher has stopped. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.watching]);
  }

  private requester(reference: number) {
    return (method: string, params: unknown[] = []) => this.options.chains.request(reference, method, params);
  }

  private async recordIfIncluded(reference: number, transactionHash: Hex): Promise<boolean> {
    const receipt = (await this.requester(reference)("eth_getTransactionReceipt", [
      transactionHash,
    ])) as RpcReceipt | null;
    if (!receipt) return false;
    for (const event of userOperationEvents(receipt)) {
      const key = `${reference}:${event.userOpHash}`;
      if (this.recorded.has(key) || event.paymaster.toLowerCase() !== PAYMASTER.toLowerCase()) continue;
      this.recorded.add(key);
      this.options.sponsorship?.recordSponsoredOperation({
        chainId: `eip155:${reference}`,
        costWei: event.actualGasCost,
      });
    }
    return true;
  }

  private watch(reference: number, transactionHash: Hex): void {
    const run = (async () => {
      const until = Date.now() + WATCH_MS;
      for (let wait = 25; !this.closed && Date.now() < until; wait = Math.min(wait * 2, 1_000)) {
        await sleep(wait, undefined, { ref: false });
        try {
          if (await this.recordIfIncluded(reference, transactionHash)) return;
        } catch (e) {
          this.options.log?.(`bundle ${transactionHash} on eip155:${reference}: ${reasonOf(e)}`);
          return;
        }
      }
    })();
    this.watching.add(run);
    void run.finally(() => this.watching.delete(run));
  }
}
