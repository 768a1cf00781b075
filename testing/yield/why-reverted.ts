import type { Hex } from "viem";

type Rpc = (method: string, params: unknown[]) => Promise<unknown>;

/**
 * Why a mined transaction reverted, for a test's failure message: out of gas (all of its limit used), or
 * the reason the call gives when replayed on the state of the block before it. A yield step reverted now and
 * then on busy runs ("Unstake LINK reverted") with nothing to say why; the next one says.
 */
export async function whyReverted(rpc: Rpc, hash: Hex): Promise<string> {
  const tx = (await rpc("eth_getTransactionByHash", [hash])) as {
    from: Hex;
    to: Hex;
    input: Hex;
    value: Hex;
    gas: Hex;
  };
  const receipt = (await rpc("eth_getTransactionReceipt", [hash])) as { gasUsed: Hex; blockNumber: Hex };
  const used = `${BigInt(receipt.gasUsed)} of its ${BigInt(tx.gas)} gas`;
  if (BigInt(receipt.gasUsed) >= BigInt(tx.gas)) return `out of gas: used ${used}`;
  const before = `0x${(BigInt(receipt.blockNumber) - 1n).toString(16)}`;
  try {
    await rpc("eth_call", [{ from: tx.from, to: tx.to, data: tx.input, value: tx.value, gas: tx.gas }, before]);
    return `reverted after using ${used}; replayed on the block before, the call succeeds`;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return `reverted after using ${used}: ${message.slice(0, 300)}`;
  }
}
