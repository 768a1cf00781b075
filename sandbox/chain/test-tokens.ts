import { parseUnits } from "viem";
import type { TestToken } from "../types";

export interface TestTokenSpec {
  symbol: TestToken["symbol"];
  name: string;
  decimals: number;
  /** Whole units the faucet gives each new wallet. */
  drip: string;
}

/** Deployment order matters: the deployer's nonce fixes each address (see genesis.ts). */
export const TEST_TOKEN_SPECS: readonly TestTokenSpec[] = [
  { symbol: "USDC", name: "USD Coin", decimals: 6, drip: "10000" },
  { symbol: "USDT", name: "Tether USD", decimals: 6, drip: "10000" },
  { symbol: "LINK", name: "ChainLink Token", decimals: 18, drip: "100" },
  { symbol: "WETH", name: "Wrapped Ether", decimals: 18, drip: "10" },
];

/** Native units the faucet gives each new wallet on each chain. */
export const NATIVE_DRIP = "10";
export const NATIVE_DRIP_WEI = parseUnits(NATIVE_DRIP, 18);

export function dripAmount(spec: TestTokenSpec): bigint {
  return parseUnits(spec.drip, spec.decimals);
}
