/**
 * EIP-155 transfers: a real unsigned transaction for the local chain. Native: {from, to, value} with
 * value as a 0x hex quantity (JSON-RPC's encoding, which eth_sendTransaction takes as is). ERC-20:
 * {from, to: token contract, data: transfer(to, amount)}. Metadata is the union of the custodian and
 * client variants (api-shapes §1.7).
 */
import { encodeFunctionData, erc20Abi, getAddress, toHex, type Address } from "viem";
import type { EvmBuildTransactionResponse } from "@/lib/contracts";
import { badRequest } from "../../http/errors";
import { isEvmAddress } from "../../state/addresses";
import type { TestToken } from "../../types";
import type { NativeToken } from "../native-tokens";
import { isNativeToken, rawAmountOf } from "./amount";

export interface EvmBuildInput {
  chainId: string;
  from: Address;
  to: string;
  token: string;
  amount: string;
  native: NativeToken;
  tokens: Pick<TestToken, "symbol" | "name" | "decimals" | "address">[];
}

export function buildEvmTransfer({
  chainId,
  from,
  to,
  token,
  amount,
  native,
  tokens,
}: EvmBuildInput): EvmBuildTransactionResponse {
  if (!isEvmAddress(to))
    throw badRequest(
      `to: ${JSON.stringify(to)} is not an EVM address (0x followed by 40 hex digits, EIP-55 checksum if mixed case)`,
    );
  const recipient = getAddress(to);
  const common = { amount, formattedAmount: amount, fromAddress: from, toAddress: recipient };

  if (isNativeToken(token, native.symbol)) {
    const raw = rawAmountOf(amount, native.decimals, native.symbol);
    return {
      transaction: { from, to: recipient, value: toHex(raw) },
      metadata: {
        ...common,
        tokenAddress: null,
        tokenSymbol: native.symbol,
        tokenDecimals: native.decimals,
        rawAmount: raw.toString(),
      },
    };
  }

  const match = tokens.find((t) =>
    isEvmAddress(token) || /^0x[0-9a-fA-F]{40}$/.test(token)
      ? t.address.toLowerCase() === token.toLowerCase()
      : t.symbol.toUpperCase() === token.toUpperCase(),
  );
  if (!match)
    throw badRequest(
      `token: unknown token ${JSON.stringify(token)} on ${chainId}; this chain has ${[native.symbol, ...tokens.map((t) => t.symbol)].join(", ")} (by symbol or contract address) or NATIVE`,
    );
  const raw = rawAmountOf(amount, match.decimals, match.symbol);
  return {
    transaction: {
      from,
      to: match.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [recipient, raw] }),
    },
    metadata: {
      ...common,
      tokenAddress: match.address,
      tokenSymbol: match.symbol,
      tokenDecimals: match.decimals,
      rawAmount: raw.toString(),
    },
  };
}
