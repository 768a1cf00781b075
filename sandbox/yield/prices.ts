/**
 * USD prices for amountUsd. The sandbox has no market, so each symbol has one fixed price (in the
 * range of its real-world counterpart at the time of writing); an unknown symbol is worth 0.
 */
const USD: Readonly<Record<string, number>> = {
  USDC: 1,
  USDT: 1,
  LINK: 15,
  WETH: 3000,
  ETH: 3000,
  POL: 0.25,
  MATIC: 0.25,
  AVAX: 25,
  CELO: 0.5,
  MON: 1,
  BNB: 600,
  FTM: 0.5,
  XDAI: 1,
  S: 0.5,
};

export function usdPrice(symbol: string): number {
  return USD[symbol.replace(/^(st|sv)/, "")] ?? 0;
}

/** A USD value as a decimal string with cents (amount is a decimal string in whole units). */
export function usdValue(amount: string, symbol: string): string {
  return (Number(amount) * usdPrice(symbol)).toFixed(2);
}
