/**
 * Bitcoin (P2WPKH) transfers: an unsigned segwit transaction spending the client's simulated UTXOs,
 * with one BIP-143 signature hash per input for raw-sign on SECP256K1 (api-shapes §1.7). Coins are
 * picked largest first; change below the dust limit goes to the fee.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import type { BitcoinBuildTransactionResponse } from "@/lib/contracts";
import { badRequest } from "../../http/errors";
import { bitcoinOutputScript, p2wpkhKeyHash, type BitcoinNetwork } from "../../state/addresses";
import type { Utxo } from "../simulated-holdings";
import { isNativeToken, rawAmountOf } from "./amount";

/** Fee rate in sat/vB; the sandbox has no mempool to estimate from. */
export const FEE_RATE = 3;
/** Outputs below this (P2WPKH dust at 3 sat/vB relay fee) are not created. */
export const DUST_SATS = 294n;

export interface BitcoinBuildInput {
  chainId: string;
  network: BitcoinNetwork;
  from: string;
  publicKey: string;
  to: string;
  token: string;
  amount: string;
  utxos: Utxo[];
}

const dsha256 = (bytes: Uint8Array) => sha256(sha256(bytes));
const u32le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
const u64le = (n: bigint) => Array.from({ length: 8 }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
const varint = (n: number) => (n < 0xfd ? [n] : [0xfd, n & 0xff, n >> 8]);

export interface UnsignedTx {
  version: number;
  /** txid in display (big-endian) order, as explorers show it. */
  inputs: { txid: string; vout: number; sequence: number }[];
  outputs: { value: bigint; script: Uint8Array }[];
  locktime: number;
}

/** Outpoints carry the txid in little-endian byte order. */
const outpoint = (input: UnsignedTx["inputs"][number]) => [...hexToBytes(input.txid).reverse(), ...u32le(input.vout)];
const outputBytes = (tx: UnsignedTx) =>
  tx.outputs.flatMap((o) => [...u64le(o.value), ...varint(o.script.length), ...o.script]);

/** BIP-143: the digest a P2WPKH input's signature commits to (SIGHASH_ALL), as hex without 0x. */
export function bip143SignatureHash(tx: UnsignedTx, index: number, keyHash: Uint8Array, value: bigint): string {
  const input = tx.inputs[index] as UnsignedTx["inputs"][number];
  const hashPrevouts = dsha256(Uint8Array.from(tx.inputs.flatMap(outpoint)));
  const hashSequence = dsha256(Uint8Array.from(tx.inputs.flatMap((i) => u32le(i.sequence))));
  const hashOutputs = dsha256(Uint8Array.from(outputBytes(tx)));
  const scriptCode = [0x19, 0x76, 0xa9, 0x14, ...keyHash, 0x88, 0xac];
  const preimage = [
    ...u32le(tx.version),
    ...hashPrevouts,
    ...hashSequence,
    ...outpoint(input),
    ...scriptCode,
    ...u64le(value),
    ...u32le(input.sequence),
    ...hashOutputs,
    ...u32le(tx.locktime),
    ...u32le(1),
  ];
  return bytesToHex(dsha256(Uint8Array.from(preimage)));
}

/** Without witnesses a transaction serialises in the legacy form; signers add the witness data. */
export function serializeUnsigned(tx: UnsignedTx): Uint8Array {
  return Uint8Array.from([
    ...u32le(tx.version),
    ...varint(tx.inputs.length),
    ...tx.inputs.flatMap((i) => [...outpoint(i), 0x00, ...u32le(i.sequence)]),
    ...varint(tx.outputs.length),
    ...outputBytes(tx),
    ...u32le(tx.locktime),
  ]);
}

const SEQUENCE = 0xfffffffd; // opts in to replace-by-fee

function vsize(inputs: number, outputs: number): number {
  // P2WPKH: 68 vB per input, 31 per output, 10.5 of overhead (rounded up).
  return Math.ceil(10.5 + 68 * inputs + 31 * outputs);
}

export function buildBitcoinTransfer(input: BitcoinBuildInput): BitcoinBuildTransactionResponse {
  const { chainId, network, from, publicKey, to, token, amount, utxos } = input;
  const recipientScript = bitcoinOutputScript(to, network);
  if (!recipientScript) throw badRequest(`to: ${JSON.stringify(to)} is not a Bitcoin ${network} address`);
  if (!isNativeToken(token, "BTC"))
    throw badRequest(`token: unknown token ${JSON.stringify(token)} on ${chainId}; Bitcoin has only BTC (or NATIVE)`);
  const raw = rawAmountOf(amount, 8, "BTC");
  if (raw < DUST_SATS) throw badRequest(`amount: ${amount} BTC is below the dust limit of ${DUST_SATS} satoshis`);
  const keyHash = p2wpkhKeyHash(from, network);
  if (!keyHash) throw badRequest("The client's Bitcoin address is not a P2WPKH address");

  const chosen: Utxo[] = [];
  let inputTotal = 0n;
  let fee = 0n;
  for (const utxo of [...utxos].sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : 0))) {
    chosen.push(utxo);
    inputTotal += utxo.value;
    fee = BigInt(vsize(chosen.length, 2) * FEE_RATE);
    if (inputTotal >= raw + fee) break;
  }
  if (inputTotal < raw + fee) {
    const balance = utxos.reduce((sum, u) => sum + u.value, 0n);
    throw badRequest(
      `amount: insufficient funds: the wallet holds ${balance} satoshis, the transfer needs ${raw} plus a fee of about ${fee}`,
    );
  }
  let change = inputTotal - raw - fee;
  if (change < DUST_SATS) {
    fee += change;
    change = 0n;
  }

  const changeScript = Uint8Array.from([0x00, 0x14, ...keyHash]);
  const tx: UnsignedTx = {
    version: 2,
    inputs: chosen.map((u) => ({ txid: u.txid, vout: u.vout, sequence: SEQUENCE })),
    outputs: [
      { value: raw, script: recipientScript },
      ...(change > 0n ? [{ value: change, script: changeScript }] : []),
    ],
    locktime: 0,
  };
  const signatureHashes = chosen.map((utxo, k) => bip143SignatureHash(tx, k, keyHash, utxo.value));
  const rawTx = serializeUnsigned(tx);

  return {
    transaction: { signatureHashes, rawTxHex: bytesToHex(rawTx), publicKey },
    metadata: {
      chainId,
      amount,
      fromAddress: from,
      toAddress: to,
      rawAmount: raw.toString(),
      feeInSatoshis: fee.toString(),
      changeInSatoshis: change.toString(),
      tokenDecimals: 8,
      tokenSymbol: "BTC",
    },
  };
}
