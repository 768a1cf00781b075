/**
 * A transfer as the chain has it, read through the upstream's RPC gateway (the alert listing holds
 * only hashes and block numbers), and the alerts a webhook got for it.
 */
import { tokenWords } from "@/lib/chains/token-words";
import type { AlertEvent } from "@/lib/contracts/alerts";

export interface OnChainTransfer {
  /** null: the chain's native coin. */
  token: { address: string; symbol: string | null; decimals: number | null } | null;
  from: string;
  to: string;
  rawAmount: string;
  /** In token units, when the decimals are known. */
  amount: string | null;
}

/** What a transfer moved, in words: the chain's coin (ETH on Sepolia), a token's own symbol, or a known token's. */
export const transferUnit = (chainId: string, token: OnChainTransfer["token"]): string =>
  token ? (token.symbol ?? tokenWords(chainId, token.address)) : tokenWords(chainId, "native");

export type TransactionOnChain =
  | { kind: "missing" }
  | { kind: "unknown"; message: string }
  | {
      kind: "mined";
      from: string;
      to: string | null;
      status: "success" | "reverted";
      blockNumber: number;
      confirmations: number;
      /** gasUsed × effectiveGasPrice, in the native coin. */
      fee: { raw: string; amount: string; symbol: string };
      /** Native value, then every ERC-20 Transfer the transaction logged, in log order. */
      transfers: OnChainTransfer[];
    };

export interface TransactionView {
  chainId: string;
  hash: string;
  chain: TransactionOnChain;
  /** The webhook's alerts for this transaction, oldest first: one per transfer when first seen, each again after the depth. */
  alerts: AlertEvent[];
  /** How long after the first alerts the confirmed ones are due on this chain. */
  confirmationWaitMs: number;
  /** The upstream's retry schedule as a share of the documented one (1, unless a sandbox compresses it). */
  retryScale: number;
}

/** Which round an alert of a transaction belongs to: within half the wait of the first, it is a first (unconfirmed) alert. */
export function alertRound(alert: AlertEvent, first: AlertEvent, waitMs: number): "unconfirmed" | "confirmed" {
  return Date.parse(alert.createdAt) - Date.parse(first.createdAt) < waitMs / 2 ? "unconfirmed" : "confirmed";
}
