/**
 * The `token` of assets/send on an EVM chain: NATIVE, a test token's symbol (USDC, USDT, LINK, WETH, in
 * any case), or a contract address. An address that is not a test token is still accepted when it
 * answers ERC-20 `decimals()`, as a real gateway would send any ERC-20.
 */
import {
  type Address,
  type Hex,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  isAddress,
} from "viem";
import type { ChainRegistry } from "../types";
import { MpcError } from "./errors";

export interface EvmToken {
  /** null for the native coin. */
  address: Address | null;
  symbol: string;
  decimals: number;
}

export async function resolveEvmToken(chains: ChainRegistry, reference: number, token: string): Promise<EvmToken> {
  if (token.toUpperCase() === "NATIVE") return { address: null, symbol: "native coin", decimals: 18 };
  const tokens = await chains.tokens(reference);
  const bySymbol = tokens.find((t) => t.symbol === token.toUpperCase());
  if (bySymbol) return { address: bySymbol.address, symbol: bySymbol.symbol, decimals: bySymbol.decimals };
  if (!isAddress(token, { strict: false }))
    throw new MpcError(
      "BAD_REQUEST",
      `Unknown token ${token}: use NATIVE, ${tokens.map((t) => t.symbol).join(", ")} or a contract address`,
    );
  const address = getAddress(token);
  const known = tokens.find((t) => t.address.toLowerCase() === address.toLowerCase());
  if (known) return { address, symbol: known.symbol, decimals: known.decimals };
  try {
    const data = (await chains.request(reference, "eth_call", [
      { to: address, data: encodeFunctionData({ abi: erc20Abi, functionName: "decimals" }) },
      "latest",
    ])) as Hex;
    return {
      address,
      symbol: address,
      decimals: decodeFunctionResult({ abi: erc20Abi, functionName: "decimals", data }),
    };
  } catch {
    throw new MpcError("BAD_REQUEST", `${address} is not an ERC-20 token contract on eip155:${reference}`);
  }
}
