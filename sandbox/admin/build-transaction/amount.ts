import { parseUnits } from "viem";
import { badRequest } from "../../http/errors";

/**
 * The base-unit amount of a positive decimal string (the contract already checked its form). More
 * decimal places than the token has is a 400 rather than a silent rounding.
 */
export function rawAmountOf(amount: string, decimals: number, symbol: string): bigint {
  const fraction = amount.split(".")[1] ?? "";
  if (fraction.length > decimals)
    throw badRequest(`amount: ${amount} has ${fraction.length} decimal places but ${symbol} has ${decimals}`);
  const raw = parseUnits(amount, decimals);
  if (raw <= 0n) throw badRequest("amount: must be greater than zero");
  return raw;
}

/** Tokens are matched by symbol case-insensitively; "NATIVE" always names the native token. */
export const isNativeToken = (token: string, nativeSymbol: string) =>
  token.toUpperCase() === "NATIVE" || token.toUpperCase() === nativeSymbol.toUpperCase();
