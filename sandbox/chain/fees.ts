import { type Hex, toHex } from "viem";

export type Requester = (method: string, params?: unknown[]) => Promise<unknown>;

export interface Eip1559Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/**
 * The usual wallet rule: twice the latest base fee plus the node's suggested tip, which stays valid
 * for several blocks of rising base fee (interval mining can put a transaction a few blocks later).
 */
export async function suggestFees(request: Requester): Promise<Eip1559Fees> {
  const [block, tip] = await Promise.all([
    request("eth_getBlockByNumber", ["latest", false]) as Promise<{ baseFeePerGas?: Hex }>,
    request("eth_maxPriorityFeePerGas") as Promise<Hex>,
  ]);
  const maxPriorityFeePerGas = BigInt(tip);
  return { maxPriorityFeePerGas, maxFeePerGas: BigInt(block.baseFeePerGas ?? "0x0") * 2n + maxPriorityFeePerGas };
}

/** Estimated gas plus a margin, since state may change between estimation and inclusion. */
export async function estimateGas(
  request: Requester,
  tx: { from: Hex; to?: Hex; data?: Hex; value?: bigint },
): Promise<bigint> {
  // A plain transfer to an account without code costs exactly 21000; EDR's estimate rounds above it.
  // Precompiles (low addresses) have no code but do run, so they are estimated.
  const plain = tx.to && BigInt(tx.to) > 0x1ffn && (!tx.data || tx.data === "0x");
  if (plain && (await request("eth_getCode", [tx.to, "latest"])) === "0x") return 21_000n;
  const call: Record<string, Hex> = { from: tx.from };
  if (tx.to) call.to = tx.to;
  if (tx.data && tx.data !== "0x") call.data = tx.data;
  if (tx.value) call.value = toHex(tx.value);
  const estimate = BigInt((await request("eth_estimateGas", [call])) as Hex);
  return estimate <= 21_000n ? estimate : (estimate * 12n) / 10n;
}
