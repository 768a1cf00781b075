/**
 * eth_simulateV1 for the local chains, as much of it as a console needs to show what a multi-step
 * action will do before anything is signed: calls run in order with the state each leaves carried
 * to the next, on the latest block, and nothing of it stays (an EVM snapshot, reverted). Sandbox
 * choices (sandbox/docs/chains.md, "eth_simulateV1"): validation is off (no fees, no nonce or balance
 * checks for gas; `validation: true` is refused); each call is mined in a block of its own, and a
 * block of the answer is the last of its calls' blocks; a call that would revert is reported with its
 * revert data and leaves no state; `traceTransfers` adds a transfer log (from the
 * 0xEeee…EEeE address, as geth does) for each call's value and for native value arriving back at the
 * caller; `stateOverrides` and `blockOverrides` are refused.
 */
import { type Hex, isAddress, isHex, pad, toHex, toEventSelector } from "viem";
import { RPC_INVALID_PARAMS, RpcError } from "./errors";

type Raw = (method: string, params?: unknown[]) => Promise<unknown>;

export const SIMULATE_MAX_BLOCKS = 16;
export const SIMULATE_MAX_CALLS = 100;
/** Where geth's traceTransfers says native value moved from (ERC-7528). */
export const NATIVE_TRANSFER_ADDRESS = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
const TRANSFER_TOPIC = toEventSelector("Transfer(address,address,uint256)");

export interface SimulateCall {
  from: Hex;
  to: Hex;
  data: Hex;
  value: bigint;
  gas?: Hex;
}
export interface SimulateRequest {
  blocks: SimulateCall[][];
  traceTransfers: boolean;
}

interface Log {
  address: string;
  topics: Hex[];
  data: Hex;
  [key: string]: unknown;
}

const bad = (message: string) => new RpcError(RPC_INVALID_PARAMS, `Invalid params: ${message}`);

/** The request as the sandbox supports it, or -32602 naming what is not. */
export function parseSimulateParams(params: unknown[]): SimulateRequest {
  const [payload, tag] = params;
  if (tag !== undefined && tag !== "latest" && tag !== "pending")
    throw bad('the sandbox simulates on the latest block only (block tag "latest")');
  if (typeof payload !== "object" || payload === null) throw bad("expected { blockStateCalls: [...] }");
  const p = payload as Record<string, unknown>;
  if (p.validation === true) throw bad("validation mode is not supported by the sandbox (leave validation off)");
  const blocks = p.blockStateCalls;
  if (!Array.isArray(blocks) || blocks.length === 0) throw bad("blockStateCalls must be a non-empty array");
  if (blocks.length > SIMULATE_MAX_BLOCKS) throw bad(`at most ${SIMULATE_MAX_BLOCKS} blockStateCalls`);
  let total = 0;
  const parsed = blocks.map((block, b) => {
    const blk = (block ?? {}) as Record<string, unknown>;
    if (blk.stateOverrides !== undefined || blk.blockOverrides !== undefined)
      throw bad(`blockStateCalls[${b}]: stateOverrides and blockOverrides are not supported by the sandbox`);
    if (!Array.isArray(blk.calls)) throw bad(`blockStateCalls[${b}].calls must be an array`);
    return blk.calls.map((raw, c) => {
      total++;
      const call = (raw ?? {}) as Record<string, unknown>;
      const where = `blockStateCalls[${b}].calls[${c}]`;
      if (typeof call.from !== "string" || !isAddress(call.from)) throw bad(`${where}.from must be an address`);
      if (typeof call.to !== "string" || !isAddress(call.to))
        throw bad(`${where}.to must be an address (contract creation is not simulated)`);
      const data = call.data ?? call.input ?? "0x";
      if (typeof data !== "string" || !isHex(data)) throw bad(`${where}.data must be hex`);
      const value = call.value ?? "0x0";
      if (typeof value !== "string" || !isHex(value)) throw bad(`${where}.value must be a hex quantity`);
      if (call.gas !== undefined && (typeof call.gas !== "string" || !isHex(call.gas)))
        throw bad(`${where}.gas must be a hex quantity`);
      return {
        from: call.from as Hex,
        to: call.to as Hex,
        data: data as Hex,
        value: BigInt(value),
        ...(call.gas ? { gas: call.gas as Hex } : {}),
      };
    });
  });
  if (total > SIMULATE_MAX_CALLS) throw bad(`at most ${SIMULATE_MAX_CALLS} calls in all`);
  return { blocks: parsed, traceTransfers: p.traceTransfers === true };
}

const transferLog = (from: string, to: string, value: bigint): Log => ({
  address: NATIVE_TRANSFER_ADDRESS,
  topics: [TRANSFER_TOPIC, pad(from as Hex), pad(to as Hex)],
  data: pad(toHex(value)),
});

function revertOf(error: unknown): { message: string; data: Hex } {
  const e = error as { message?: string; data?: unknown };
  const data = typeof e.data === "string" && isHex(e.data) ? e.data : ((e.data as { data?: Hex })?.data ?? "0x");
  return { message: e.message ?? "execution reverted", data: isHex(data) ? data : "0x" };
}

/**
 * Runs the calls on the chain's latest state and reverts every change. The caller must hold the
 * chain for the whole time (no other transaction or state change in between): see LocalChain.
 */
export async function simulateCalls(raw: Raw, request: SimulateRequest): Promise<unknown[]> {
  const automine = (await raw("hardhat_getAutomine")) as boolean;
  // Interval mining: what waits in the pool is mined first, for real, so the snapshot holds no pending transaction.
  if (!automine) {
    const pending = (await raw("eth_getBlockByNumber", ["pending", false])) as { transactions: unknown[] };
    if (pending.transactions.length > 0) await raw("evm_mine");
    await raw("evm_setAutomine", [true]);
  }
  const snapshot = await raw("evm_snapshot");
  const impersonated = new Set<string>();
  try {
    const answer: unknown[] = [];
    for (const calls of request.blocks) {
      const results: unknown[] = [];
      let gasUsed = 0n;
      for (const call of calls) {
        const tx = { from: call.from, to: call.to, data: call.data, value: toHex(call.value) };
        let returnData: Hex;
        try {
          returnData = (await raw("eth_call", [tx, "latest"])) as Hex;
        } catch (error) {
          const revert = revertOf(error);
          results.push({
            status: "0x0",
            returnData: revert.data,
            gasUsed: "0x0",
            logs: [],
            error: { code: 3, message: revert.message, data: revert.data },
          });
          continue;
        }
        if (!impersonated.has(call.from.toLowerCase())) {
          await raw("hardhat_impersonateAccount", [call.from]);
          impersonated.add(call.from.toLowerCase());
        }
        const before = request.traceTransfers
          ? BigInt((await raw("eth_getBalance", [call.from, "latest"])) as Hex)
          : 0n;
        await raw("hardhat_setNextBlockBaseFeePerGas", ["0x0"]);
        const hash = await raw("eth_sendTransaction", [
          { ...tx, gasPrice: "0x0", ...(call.gas ? { gas: call.gas } : {}) },
        ]);
        const receipt = (await raw("eth_getTransactionReceipt", [hash])) as {
          status: Hex;
          gasUsed: Hex;
          logs: Log[];
        };
        gasUsed += BigInt(receipt.gasUsed);
        const logs: Log[] = [];
        if (request.traceTransfers && call.value > 0n) logs.push(transferLog(call.from, call.to, call.value));
        logs.push(...receipt.logs);
        if (request.traceTransfers) {
          // No fees are charged, so what the caller holds beyond its balance less the value sent came back to it.
          const after = BigInt((await raw("eth_getBalance", [call.from, "latest"])) as Hex);
          const arrived = after - (before - call.value);
          if (arrived > 0n) logs.push(transferLog(call.to, call.from, arrived));
        }
        results.push({ status: receipt.status, returnData, gasUsed: receipt.gasUsed, logs });
      }
      const block = (await raw("eth_getBlockByNumber", ["latest", false])) as {
        number: Hex;
        hash: Hex;
        timestamp: Hex;
        gasLimit: Hex;
      };
      answer.push({
        number: block.number,
        hash: block.hash,
        timestamp: block.timestamp,
        gasLimit: block.gasLimit,
        gasUsed: toHex(gasUsed),
        baseFeePerGas: "0x0",
        calls: results,
      });
    }
    return answer;
  } finally {
    await raw("evm_revert", [snapshot]);
    for (const address of impersonated) await raw("hardhat_stopImpersonatingAccount", [address]).catch(() => undefined);
    if (!automine) await raw("evm_setAutomine", [false]);
  }
}
