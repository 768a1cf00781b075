/**
 * A token as people name it on a chain: "NATIVE" (what the MPC send takes for the chain's own coin) is
 * that coin's symbol (ETH, SOL, POL…, from the chain table), a well-known contract or mint is its
 * symbol, a symbol stays itself, and only an address nobody named is shown as one ("token 0x5fbd…0aa3").
 */
import { shortAddress } from "../shared/format";
import { chainInfo } from "./";

/**
 * Tokens whose addresses are fixed and public on their chain (the issuers' own), by chain. Names only:
 * nothing is sent by these addresses, so a missing one costs a shortened address in a line, not funds.
 */
const WELL_KNOWN_TOKENS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "eip155:1": {
    "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48": "USDC",
    "0xdac17f958d2ee523a2206206994597c13d831ec7": "USDT",
  },
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": {
    EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: "USDC",
    Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB: "USDT",
  },
  "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1": { "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU": "USDC" },
  "tron:mainnet": { TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t: "USDT" },
};

const ADDRESS = /^0x[0-9a-fA-F]{40}$|^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export function tokenWords(chainId: string | undefined, token: string): string {
  const value = token.trim();
  if (/^native$/i.test(value)) return (chainId && chainInfo(chainId)?.nativeSymbol) || "the chain's coin";
  if (!ADDRESS.test(value)) return value;
  const known = chainId ? WELL_KNOWN_TOKENS[chainId] : undefined;
  const symbol = known?.[value.startsWith("0x") ? value.toLowerCase() : value];
  return symbol ?? `token ${shortAddress(value)}`;
}
