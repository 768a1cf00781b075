import { parseUnits } from "viem";
import { FAUCET_NATIVE_DRIP, FAUCET_TOKENS, type FaucetToken } from "@/lib/chains/faucet";
import type { TestToken } from "../types";

/** A token the faucet gives (lib/chains/faucet.ts: the one table the pages also read). */
export interface TestTokenSpec extends FaucetToken {
  symbol: TestToken["symbol"];
}

/** Deployment order matters: the deployer's nonce fixes each address (see genesis.ts). */
export const TEST_TOKEN_SPECS: readonly TestTokenSpec[] = FAUCET_TOKENS;

/** Native units the faucet gives each new wallet on each chain. */
export const NATIVE_DRIP = FAUCET_NATIVE_DRIP;
export const NATIVE_DRIP_WEI = parseUnits(NATIVE_DRIP, 18);

export function dripAmount(spec: TestTokenSpec): bigint {
  return parseUnits(spec.drip, spec.decimals);
}
