/**
 * The seeded history's transactions as the chains' gateway answers for them. Seeded alerts name
 * transactions that were never mined on the local chains (a million of them could not be), so the
 * gateway answers `eth_getTransactionByHash` and `eth_getTransactionReceipt` for their hashes from the
 * same derivation as the alerts' payloads: sender, recipient, amount, token (the chain's own test
 * USDC, whose Transfer log the receipt carries), block, gas and fee all agree with what was POSTed.
 * The local chains start above the seeded history's blocks (seededChainHead), so confirmations
 * read from the gateway are the transaction's age in blocks at the seed anchor.
 *
 * An orphaned transfer (SANDBOX_REORG_RATE's seeded share, as after a reorganisation) is not on
 * the chain, nor is a transfer a deeper reorganisation removed after its confirmed alert (one per
 * webhook, seed/events.ts): both methods answer null, as a node does for a hash it does not know. Any other hash,
 * or a seeded hash asked of another chain, goes to the local chain as before. Blocks below the head
 * are the chain's own empty blocks: the archive answers for transactions, not for whole blocks.
 */
import { type Hex, bytesToHex, encodeFunctionData, erc20Abi, hexToBytes, keccak256, pad, toHex } from "viem";
import { type EventStore, KIND } from "./event-store";
import { SEEDED_GAS, type WebhookPayload } from "./payload";

export interface ChainArchive {
  /** The archive's answer to a read, or undefined when the read is not about the seeded history. */
  answer(reference: number, method: string, params: readonly unknown[]): { result: unknown } | undefined;
}

const TRANSFER_TOPIC: Hex = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** The receipt's 2048-bit log bloom (yellow paper §4.3.1): three bits per log address and topic. */
export function logsBloom(values: readonly Hex[]): Hex {
  const bloom = new Uint8Array(256);
  for (const value of values) {
    const digest = hexToBytes(keccak256(value));
    for (let i = 0; i < 6; i += 2) {
      const bit = (((digest[i] as number) << 8) | (digest[i + 1] as number)) & 2047;
      const byte = 255 - (bit >> 3);
      bloom[byte] = (bloom[byte] as number) | (1 << (bit & 7));
    }
  }
  return bytesToHex(bloom);
}

export function createSeededArchive(events: EventStore, payloadOf: (row: number) => WebhookPayload): ChainArchive {
  /** The seeded transaction behind a hash on this chain: its transfer row and the hash's place in it. */
  const find = (reference: number, hash: unknown) => {
    if (typeof hash !== "string") return undefined;
    const t = events.rowsWithHash(hash).find((row) => row < events.seededCount);
    if (t === undefined) return undefined;
    if (events.chains.values[events.chain[t] as number] !== `eip155:${reference}`) return undefined;
    const k = events.hashesOf(t).findIndex((h) => h.toLowerCase() === hash.toLowerCase());
    return k < 0 ? undefined : { t, k, hash: hash.toLowerCase() as Hex };
  };

  const facts = (reference: number, t: number, k: number, hash: Hex) => {
    const item = payloadOf(t).data[k];
    const { rawAmount, fee, tokenAddress } = item?.metadata ?? {};
    if (!item || rawAmount === undefined || fee?.rawAmount === undefined) return undefined;
    const token = item.assetType === "NON_NATIVE_TOKEN" ? (tokenAddress as Hex) : null;
    const raw = BigInt(rawAmount);
    const gas = token ? SEEDED_GAS.token : SEEDED_GAS.native;
    const price = BigInt(fee.rawAmount) / gas;
    const block = events.block[t] as number;
    const common = {
      blockHash: keccak256(new TextEncoder().encode(`seeded block eip155:${reference}:${block}`)),
      blockNumber: toHex(block),
      transactionHash: hash,
      transactionIndex: toHex(k),
    };
    return { item, token, raw, gas, price, common, from: item.from as Hex, to: item.to as Hex };
  };

  const transaction = (reference: number, f: NonNullable<ReturnType<typeof facts>>) => ({
    ...f.common,
    hash: f.common.transactionHash,
    type: "0x2",
    chainId: toHex(reference),
    from: f.from,
    to: f.token ?? f.to,
    value: toHex(f.token ? 0n : f.raw),
    input: f.token ? encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [f.to, f.raw] }) : "0x",
    nonce: "0x0",
    gas: toHex(f.gas),
    gasPrice: toHex(f.price),
    maxFeePerGas: toHex(f.price),
    maxPriorityFeePerGas: toHex(f.price),
    accessList: [],
  });

  const receipt = (f: NonNullable<ReturnType<typeof facts>>) => ({
    ...f.common,
    type: "0x2",
    status: "0x1",
    from: f.from,
    to: f.token ?? f.to,
    contractAddress: null,
    gasUsed: toHex(f.gas),
    cumulativeGasUsed: toHex(f.gas),
    effectiveGasPrice: toHex(f.price),
    logsBloom: logsBloom(f.token ? [f.token, TRANSFER_TOPIC, pad(f.from), pad(f.to)] : []),
    logs: f.token
      ? [
          {
            ...f.common,
            address: f.token,
            topics: [TRANSFER_TOPIC, pad(f.from), pad(f.to)],
            data: pad(toHex(f.raw)),
            logIndex: "0x0",
            removed: false,
          },
        ]
      : [],
  });

  return {
    answer(reference, method, params) {
      if (method !== "eth_getTransactionByHash" && method !== "eth_getTransactionReceipt") return undefined;
      const found = find(reference, params[0]);
      if (!found) return undefined;
      // Reorganised out (before its confirmed alert, or after it): the chain does not know the transaction.
      if (events.kind[found.t] === KIND.orphan || events.reorganised[found.t]) return { result: null };
      const f = facts(reference, found.t, found.k, found.hash);
      if (!f) return undefined;
      return { result: method === "eth_getTransactionByHash" ? transaction(reference, f) : receipt(f) };
    },
  };
}
