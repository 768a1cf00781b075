import "server-only";
import { decodeEventLog, decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex } from "viem";
import type { ChainRpc } from "./chain-rpc";

/** An ERC-20 Transfer log (three topics; an ERC-721 Transfer has four and is left out). */
export function decodeTransfer(log: { topics: Hex[]; data: Hex }) {
  if (log.topics.length !== 3) return null;
  try {
    const event = decodeEventLog({ abi: erc20Abi, topics: log.topics as [Hex, ...Hex[]], data: log.data });
    return event.eventName === "Transfer" ? event.args : null;
  } catch {
    return null;
  }
}

/** A token's symbol and decimals as the token itself answers (null for what it does not). */
export async function tokenFacts(
  rpc: ChainRpc,
  address: string,
): Promise<{ symbol: string | null; decimals: number | null }> {
  const read = async <T>(functionName: "symbol" | "decimals"): Promise<T | null> => {
    try {
      const data = encodeFunctionData({ abi: erc20Abi, functionName });
      const raw = await rpc.call<Hex>("eth_call", [{ to: address, data }, "latest"]);
      return decodeFunctionResult({ abi: erc20Abi, functionName, data: raw }) as T;
    } catch {
      return null;
    }
  };
  const [symbol, decimals] = await Promise.all([read<string>("symbol"), read<number>("decimals")]);
  return { symbol, decimals };
}
