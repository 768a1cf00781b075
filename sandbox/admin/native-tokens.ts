/**
 * The native token of each chain (symbol and decimals from lib/chains) with the display name the
 * balance endpoints report.
 */
import { chainInfo } from "@/lib/chains";

const NAMES: Record<string, string> = {
  ETH: "Ether",
  POL: "Polygon Ecosystem Token",
  MATIC: "Matic Token",
  MON: "Monad",
  BNB: "BNB",
  tBNB: "Test BNB",
  FTM: "Fantom",
  GLMR: "Glimmer",
  MOVR: "Moonriver",
  AVAX: "Avalanche",
  CELO: "Celo",
  SOL: "Solana",
  BTC: "Bitcoin",
  TRX: "TRON",
  XLM: "Stellar Lumens",
};

export interface NativeToken {
  symbol: string;
  name: string;
  decimals: number;
}

export function nativeTokenOf(chainId: string): NativeToken {
  const info = chainInfo(chainId);
  const symbol = info?.nativeSymbol ?? "ETH";
  return { symbol, name: NAMES[symbol] ?? symbol, decimals: info?.nativeDecimals ?? 18 };
}
