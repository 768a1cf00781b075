/**
 * EVM transactions from loose request fields to a signed EIP-1559 transaction on a local chain.
 * Callers send what wallets send: hex or decimal quantities, `gas` or `gasLimit`, empty strings for
 * absent fields (the spec's own example has `"from": ""` and `"data": ""`), and often no gas or fee
 * fields at all (the yield flow strips them so the service estimates).
 */
import {
  type Address,
  type Hex,
  type TransactionSerializableEIP1559,
  bytesToHex,
  getAddress,
  isAddress,
  isHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { estimateGas, suggestFees, type Requester } from "../chain/fees";
import type { ChainRegistry } from "../types";
import { MpcError } from "./errors";
import type { NonceAllocator } from "./nonces";

export interface TxRequest {
  from?: Address;
  to?: Address;
  value: bigint;
  data?: Hex;
  gas?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  gasPrice?: bigint;
  nonce?: number;
  chainId?: number;
}

const absent = (v: unknown) => v === undefined || v === null || v === "";

function quantity(value: unknown, field: string): bigint | undefined {
  if (absent(value)) return undefined;
  if (typeof value === "bigint" && value >= 0n) return value;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === "string" && /^0x[0-9a-fA-F]*$/.test(value)) return value === "0x" ? 0n : BigInt(value);
  if (typeof value === "string" && /^\d+$/.test(value)) return BigInt(value);
  throw new MpcError("TX_BUILD_FAILED", `${field} must be a hex or decimal quantity`);
}

function address(value: unknown, field: string): Address | undefined {
  if (absent(value)) return undefined;
  if (typeof value === "string" && isAddress(value, { strict: false })) return getAddress(value);
  throw new MpcError("TX_BUILD_FAILED", `${field} must be an EVM address`);
}

export function parseTxRequest(value: unknown): TxRequest {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new MpcError("TX_BUILD_FAILED", "params must hold a transaction object (from, to, value, data, …)");
  const fields = value as Record<string, unknown>;
  const data = fields.data ?? fields.input;
  if (!absent(data) && (typeof data !== "string" || !isHex(data) || data.length % 2 !== 0))
    throw new MpcError("TX_BUILD_FAILED", "data must be 0x-prefixed hex bytes");
  const nonce = quantity(fields.nonce, "nonce");
  const chainId = quantity(fields.chainId, "chainId");
  return {
    from: address(fields.from, "from"),
    to: address(fields.to, "to"),
    value: quantity(fields.value, "value") ?? 0n,
    data: absent(data) || data === "0x" ? undefined : (data as Hex),
    gas: quantity(fields.gas ?? fields.gasLimit, "gas"),
    maxFeePerGas: quantity(fields.maxFeePerGas, "maxFeePerGas"),
    maxPriorityFeePerGas: quantity(fields.maxPriorityFeePerGas, "maxPriorityFeePerGas"),
    gasPrice: quantity(fields.gasPrice, "gasPrice"),
    nonce: nonce === undefined ? undefined : Number(nonce),
    chainId: chainId === undefined ? undefined : Number(chainId),
  };
}

const nodeMessage = (e: unknown) => (e instanceof Error ? e.message : String(e)).split("\n")[0];

/** Fills gas, fees and nonce the way a wallet would, asking the chain for what the caller left out. */
export async function completeTx(
  request: Requester,
  chainId: number,
  from: Address,
  tx: TxRequest,
  nonce: number,
): Promise<TransactionSerializableEIP1559> {
  if (tx.chainId !== undefined && tx.chainId !== chainId)
    throw new MpcError(
      "TX_BUILD_FAILED",
      `The transaction's chainId ${tx.chainId} is not the chain it is sent on (${chainId})`,
    );
  if (tx.from && tx.from !== from)
    throw new MpcError("TX_BUILD_FAILED", `from ${tx.from} is not the wallet's address ${from}`);
  let gas = tx.gas;
  if (gas === undefined) {
    try {
      gas = await estimateGas(request, { from, to: tx.to, data: tx.data, value: tx.value });
    } catch (e) {
      throw new MpcError("RPC_OP_FAILED", `Failed to estimate gas: ${nodeMessage(e)}`);
    }
  }
  let fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
  if (tx.maxFeePerGas !== undefined) {
    const tip = tx.maxPriorityFeePerGas ?? (await suggestFees(request)).maxPriorityFeePerGas;
    fees = { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tip < tx.maxFeePerGas ? tip : tx.maxFeePerGas };
  } else if (tx.gasPrice !== undefined) fees = { maxFeePerGas: tx.gasPrice, maxPriorityFeePerGas: tx.gasPrice };
  else {
    const suggested = await suggestFees(request);
    fees =
      tx.maxPriorityFeePerGas === undefined
        ? suggested
        : {
            maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
            maxFeePerGas: suggested.maxFeePerGas - suggested.maxPriorityFeePerGas + tx.maxPriorityFeePerGas,
          };
  }
  return { type: "eip1559", chainId, nonce, to: tx.to, value: tx.value, data: tx.data, gas, ...fees };
}

export function evmAccount(secret: Uint8Array) {
  return privateKeyToAccount(bytesToHex(secret));
}

export interface EvmSubmitDeps {
  chains: ChainRegistry;
  nonces: NonceAllocator;
}

/**
 * Signs and broadcasts on the local chain of `reference`. The nonce is allocated, the transaction
 * signed and sent under one per-wallet lock, so concurrent sends get consecutive nonces.
 */
export async function signAndBroadcast(
  deps: EvmSubmitDeps,
  reference: number,
  secret: Uint8Array,
  tx: TxRequest,
): Promise<Hex> {
  const account = evmAccount(secret);
  const request: Requester = (method, params) => deps.chains.request(reference, method, params);
  return deps.nonces.withNonce(request, reference, account.address, tx.nonce, async (nonce) => {
    const raw = await account.signTransaction(await completeTx(request, reference, account.address, tx, nonce));
    try {
      return (await request("eth_sendRawTransaction", [raw])) as Hex;
    } catch (e) {
      throw new MpcError("RPC_OP_FAILED", `Failed to send transaction: ${nodeMessage(e)}`);
    }
  });
}

/** eth_signTransaction: the same transaction, signed but not sent; its nonce is the next free one unless given. */
export async function signOnly(
  chains: ChainRegistry,
  reference: number,
  secret: Uint8Array,
  tx: TxRequest,
): Promise<Hex> {
  const account = evmAccount(secret);
  const request: Requester = (method, params) => chains.request(reference, method, params);
  const nonce = tx.nonce ?? Number(await request("eth_getTransactionCount", [account.address, "pending"]));
  return account.signTransaction(await completeTx(request, reference, account.address, tx, nonce));
}
