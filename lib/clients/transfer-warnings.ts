/**
 * Warnings about a transfer being built. They never block the build: the build-transaction endpoint
 * only prepares an unsigned transaction, balances move before it is signed, and support staff may
 * have reasons the console cannot see. They make a likely mistake visible before it is signed.
 */
import { chainLabel, type ChainFamily } from "../chains";
import type { AssetsResponse } from "../contracts";
import { addressesEqual, type ClientAddress } from "./addresses";
import { holdingOf } from "./known-tokens";
import { amountSchema } from "./";

/** The balances behind the amount check: read, still loading, or not readable (and why). */
export type BalanceState =
  { kind: "read"; assets: AssetsResponse } | { kind: "loading" } | { kind: "unavailable"; reason: string };

export interface TransferWarning {
  id: "over-balance" | "own-address" | "balance-unchecked" | "balance-loading";
  tone: "warning" | "info";
  message: string;
}

/**
 * Whether a decimal amount in whole units is more than a balance in base units. Both sides are
 * scaled to the longer fraction, so "1.0000001" against a balance of exactly 1 is caught even
 * when the token has fewer decimals than the amount.
 */
export function exceedsBalance(amount: string, rawBalance: bigint, decimals: number): boolean {
  const [whole = "0", fraction = ""] = amount.trim().split(".");
  const scale = Math.max(fraction.length, decimals);
  const scaledAmount = BigInt(whole + fraction.padEnd(scale, "0"));
  return scaledAmount > rawBalance * 10n ** BigInt(scale - decimals);
}

export function ownAddressWarning(
  family: ChainFamily,
  to: string,
  own: readonly ClientAddress[],
): TransferWarning | undefined {
  const recipient = to.trim();
  if (!recipient) return undefined;
  const match = own.find((a) => addressesEqual(family, a.address, recipient));
  if (!match) return undefined;
  const what =
    match.role === "owner"
      ? "the address of the key that owns the client's smart account"
      : `the client's own ${match.label} address`;
  return {
    id: "own-address",
    tone: "warning",
    message: `The recipient is ${what}: this transfer would not leave the client.`,
  };
}

export function balanceWarning(input: {
  chainId: string;
  family: ChainFamily;
  token: string;
  tokenLabel: string;
  amount: string;
  balance: BalanceState;
}): TransferWarning | undefined {
  const { balance, chainId } = input;
  if (balance.kind === "unavailable")
    return { id: "balance-unchecked", tone: "info", message: `Balance not checked: ${balance.reason}` };
  if (balance.kind === "loading")
    return { id: "balance-loading", tone: "info", message: `Reading the client's balance on ${chainLabel(chainId)}…` };
  const amount = amountSchema.safeParse(input.amount);
  if (!amount.success || !input.token.trim()) return undefined;
  const holding = holdingOf(balance.assets, input.token.trim(), input.family);
  if (!holding)
    return {
      id: "over-balance",
      tone: "warning",
      message: `The client holds no ${input.tokenLabel} on ${chainLabel(chainId)}, so ${amount.data} is more than its balance. The transfer can still be built; it cannot be sent until funds arrive.`,
    };
  if (!exceedsBalance(amount.data, holding.raw, holding.decimals)) return undefined;
  return {
    id: "over-balance",
    tone: "warning",
    message: `${amount.data} ${holding.symbol} is more than the client's balance on ${chainLabel(chainId)} (${holding.formatted} ${holding.symbol}). The transfer can still be built; it cannot be sent until funds arrive.`,
  };
}

export function transferWarnings(input: Parameters<typeof balanceWarning>[0] & { to: string; own: ClientAddress[] }) {
  return [ownAddressWarning(input.family, input.to, input.own), balanceWarning(input)].filter(
    (w): w is TransferWarning => w !== undefined,
  );
}
