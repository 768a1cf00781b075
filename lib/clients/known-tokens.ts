/**
 * The tokens a transfer can name on a chain: the native coin, what the client's balances list for
 * that chain (symbol, contract or mint address, decimals, balance), and the symbols the spec names
 * for transfers (USDC and USDT). The static part holds symbols only: contract addresses differ per
 * deployment (the sandbox's local chains have their own), and a wrong address in a table would send
 * the wrong token, whereas a symbol is resolved by the upstream itself.
 */
import { chainFamily, chainInfo, type ChainFamily } from "../chains";
import type { AssetsResponse } from "../contracts";

/** Symbols the spec names for transfers (MPC send takes 'USDC', 'USDT'), per family that has them. */
const LISTED_SYMBOLS: Record<ChainFamily, string[]> = {
  eip155: ["USDC", "USDT"],
  solana: ["USDC"],
  tron: ["USDT"],
  bip122: [],
  stellar: [],
};

export interface KnownToken {
  /** Stable while balances load, so a choice survives the list growing. */
  id: string;
  symbol: string;
  name?: string;
  /** Contract or mint address, when the balances list gives one. */
  address?: string;
  decimals?: number;
  native: boolean;
  /** What the build request sends as `token`: the address when known (unambiguous), else the symbol. */
  value: string;
  /** The client's balance, when the balances of this chain were read. */
  balance?: { formatted: string; raw: bigint; decimals: number };
}

const sameSymbol = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/**
 * Known tokens of a build-transaction chain. `assets` is the balances of the same chain, when the
 * assets table has it and they were read; without them the list is the native coin and the listed
 * symbols.
 */
export function knownTokens(chainId: string, assets?: AssetsResponse): KnownToken[] {
  const family = chainFamily(chainId);
  const info = chainInfo(chainId);
  if (!family) return [];
  const out: KnownToken[] = [];
  const nativeSymbol = assets?.nativeBalance.symbol ?? info?.nativeSymbol;
  if (nativeSymbol) {
    const native = assets?.nativeBalance;
    out.push({
      id: "native",
      symbol: nativeSymbol,
      name: native?.name,
      decimals: native?.decimals ?? info?.nativeDecimals,
      native: true,
      value: nativeSymbol,
      ...(native
        ? { balance: { formatted: native.balance, raw: BigInt(native.rawBalance), decimals: native.decimals } }
        : {}),
    });
  }
  for (const t of assets?.tokenBalances ?? []) {
    const address = t.metadata.tokenAddress || undefined;
    out.push({
      id: address ? `address:${address}` : `symbol:${t.symbol.toUpperCase()}`,
      symbol: t.symbol,
      name: t.name,
      address,
      decimals: t.decimals,
      native: false,
      value: address ?? t.symbol,
      balance: { formatted: t.balance, raw: BigInt(t.rawBalance), decimals: t.decimals },
    });
  }
  for (const symbol of LISTED_SYMBOLS[family])
    if (!out.some((t) => sameSymbol(t.symbol, symbol)))
      out.push({ id: `symbol:${symbol}`, symbol, native: false, value: symbol });
  return out;
}

/**
 * The option a stored choice stands for in the current list: the same id, else the same symbol
 * (a listed symbol becomes an address once the balances arrive), else the native coin.
 */
export function findKnownToken(tokens: KnownToken[], choice: { id: string; symbol: string }): KnownToken | undefined {
  return tokens.find((t) => t.id === choice.id) ?? tokens.find((t) => sameSymbol(t.symbol, choice.symbol)) ?? tokens[0];
}

/**
 * The client's holding of a token given as a symbol or an address, from the chain's balances;
 * undefined when the list does not name it, which means none is held (the list shows holdings only).
 */
export interface Holding {
  symbol: string;
  formatted: string;
  raw: bigint;
  decimals: number;
}

export function holdingOf(assets: AssetsResponse, token: string, family: ChainFamily): Holding | undefined {
  const native = assets.nativeBalance;
  if (sameSymbol(token, native.symbol) || sameSymbol(token, "NATIVE"))
    return {
      symbol: native.symbol,
      formatted: native.balance,
      raw: BigInt(native.rawBalance),
      decimals: native.decimals,
    };
  // EVM addresses are hex (any case); base58 addresses are case-sensitive.
  const sameAddress = (a: string) => (family === "eip155" ? a.toLowerCase() === token.toLowerCase() : a === token);
  const match =
    assets.tokenBalances.find((t) => t.metadata.tokenAddress && sameAddress(t.metadata.tokenAddress)) ??
    assets.tokenBalances.find((t) => sameSymbol(t.symbol, token));
  return match
    ? { symbol: match.symbol, formatted: match.balance, raw: BigInt(match.rawBalance), decimals: match.decimals }
    : undefined;
}
