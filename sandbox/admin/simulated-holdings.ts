/**
 * Balances on chains the sandbox does not run (Solana, Bitcoin, Tron, Stellar, and any EVM chain the
 * chain registry does not serve). They are a pure function of (client, chain): the same on every
 * request and every restart, with no chain behind them, and build-transaction spends from the same
 * numbers (Bitcoin's UTXOs add up to the balance shown).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { SOLANA_DEVNET, SOLANA_MAINNET } from "@/lib/chains";
import { createRng } from "../seed/prng";
import { nativeTokenOf } from "./native-tokens";

export interface SimulatedToken {
  symbol: string;
  name: string;
  decimals: number;
  /** Contract or mint address. */
  address: string;
}

/** Well-known stablecoins of the simulated chains (their real mainnet/devnet addresses). */
const SIMULATED_TOKENS: Record<string, SimulatedToken[]> = {
  [SOLANA_MAINNET]: [
    { symbol: "USDC", name: "USD Coin", decimals: 6, address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
  ],
  [SOLANA_DEVNET]: [
    { symbol: "USDC", name: "USD Coin", decimals: 6, address: "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU" },
  ],
  "tron:mainnet": [{ symbol: "USDT", name: "Tether USD", decimals: 6, address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }],
};

export function simulatedTokens(chainId: string): SimulatedToken[] {
  return SIMULATED_TOKENS[chainId] ?? [];
}

/** Upper bound of a simulated native balance, in whole units. */
const NATIVE_CEILING: Record<string, number> = { SOL: 25, BTC: 0.05, TRX: 5_000, XLM: 2_000 };

export interface SimulatedHoldings {
  native: bigint;
  tokens: { token: SimulatedToken; raw: bigint }[];
}

export function simulatedHoldings(clientId: string, chainId: string): SimulatedHoldings {
  const rng = createRng(`holdings:${clientId}:${chainId}`);
  const native = nativeTokenOf(chainId);
  const ceiling = NATIVE_CEILING[native.symbol] ?? 1;
  // One client in ten holds nothing: empty wallets are common and the console must show them well.
  const empty = rng.next() < 0.1;
  const nativeRaw = empty
    ? 0n
    : BigInt(Math.floor(rng.next() * ceiling * 10 ** Math.min(native.decimals, 9))) *
      10n ** BigInt(Math.max(native.decimals - 9, 0));
  const tokens = simulatedTokens(chainId).map((token) => ({
    token,
    raw: empty ? 0n : BigInt(Math.floor(rng.next() * 5_000 * 100)) * 10n ** BigInt(token.decimals - 2),
  }));
  return { native: nativeRaw, tokens };
}

export interface Utxo {
  txid: string;
  vout: number;
  value: bigint;
}

/** The unspent outputs behind a simulated Bitcoin balance: one to three, summing to it exactly. */
export function simulatedUtxos(clientId: string, chainId: string): Utxo[] {
  const total = simulatedHoldings(clientId, chainId).native;
  if (total === 0n) return [];
  const rng = createRng(`utxos:${clientId}:${chainId}`);
  const count = total < 10_000n ? 1 : 1 + rng.int(3);
  const utxos: Utxo[] = [];
  let left = total;
  for (let i = 0; i < count; i++) {
    const value = i === count - 1 ? left : (left * BigInt(30 + rng.int(40))) / 100n;
    left -= value;
    const txid = bytesToHex(sha256(new TextEncoder().encode(`utxo:${clientId}:${chainId}:${i}`)));
    utxos.push({ txid, vout: rng.int(2), value });
  }
  return utxos.filter((u) => u.value > 0n);
}
