import { parseUnits } from "viem";
import { MpcError } from "./errors";

/** Whole units to base units, refusing more decimal places than the token has (parseUnits would round). */
export function toRawAmount(amount: string, decimals: number, symbol: string): bigint {
  const fraction = amount.split(".")[1] ?? "";
  if (fraction.replace(/0+$/, "").length > decimals)
    throw new MpcError("BAD_REQUEST", `amount ${amount} has more decimal places than ${symbol}'s ${decimals}`);
  const raw = parseUnits(amount, decimals);
  if (raw <= 0n) throw new MpcError("BAD_REQUEST", "amount must be greater than zero");
  return raw;
}
