/**
 * The yield contracts every chain deploys at start (through sandbox/genesis-extensions.ts): the reward
 * distributor, then one pool per POOL_KEYS entry, each with the rate and cooldown the catalogue gives
 * it on that chain. Also the reserve the faucet stocks the distributor with after a chain starts.
 */
import { parseEther, parseUnits } from "viem";
import { nativeTokenOf } from "../admin/native-tokens";
import type { ExtensionContext, ExtensionContract } from "../chain/extensions";
import type { TestToken } from "../types";
import { POOL_KEYS, POOLS, type PoolKey, poolSettings, rateWad } from "./catalogue-data";

export const DISTRIBUTOR_KEY = "rewardDistributor";

function token(ctx: ExtensionContext, symbol: TestToken["symbol"]): TestToken {
  const found = ctx.tokens.find((t) => t.symbol === symbol);
  if (!found) throw new Error(`Test token ${symbol} is not deployed`);
  return found;
}

/** Name and symbol of a pool's share token on a chain (liquid staking: st + the native symbol). */
export function shareTokenNames(reference: number, pool: PoolKey): { name: string; symbol: string } {
  const spec = POOLS[pool];
  if (spec.kind === "liquid-staking") {
    const native = nativeTokenOf(`eip155:${reference}`);
    return { name: `Sandbox Staked ${native.name}`, symbol: `st${native.symbol}` };
  }
  return { name: `Sandbox Lending ${spec.token}`, symbol: `sv${spec.token}` };
}

function poolContract(pool: PoolKey): ExtensionContract {
  const spec = POOLS[pool];
  return {
    key: pool,
    artifact:
      spec.kind === "vault" ? "YieldVault" : spec.kind === "liquid-staking" ? "LiquidStakingToken" : "CooldownStaking",
    args(ctx) {
      const { rate, cooldownSeconds } = poolSettings(ctx.chainId, pool);
      const distributor = ctx.addressOf(DISTRIBUTOR_KEY);
      const names = shareTokenNames(ctx.chainId, pool);
      if (spec.kind === "liquid-staking") return [names.name, names.symbol, rateWad(rate), distributor];
      if (spec.token === "NATIVE")
        return ["0x0000000000000000000000000000000000000000", rateWad(rate), BigInt(cooldownSeconds), distributor];
      const asset = token(ctx, spec.token);
      if (spec.kind === "vault")
        return [names.name, names.symbol, asset.address, asset.decimals, rateWad(rate), distributor];
      return [asset.address, rateWad(rate), BigInt(cooldownSeconds), distributor];
    },
  };
}

export const YIELD_CONTRACTS: readonly ExtensionContract[] = [
  { key: DISTRIBUTOR_KEY, artifact: "RewardDistributor", args: (ctx) => [POOL_KEYS.map((k) => ctx.addressOf(k))] },
  ...POOL_KEYS.map(poolContract),
];

/**
 * What the faucet gives the distributor when a chain starts and its reserve is below half of this:
 * far more than any test can earn (a year of 8 % on every faucet drip ever paid).
 */
export const DISTRIBUTOR_RESERVE = {
  nativeWei: parseEther("100000000"),
  tokens: {
    USDC: parseUnits("1000000000", 6),
    USDT: parseUnits("1000000000", 6),
    LINK: parseEther("100000000"),
    WETH: parseEther("1000000"),
  } as Record<TestToken["symbol"], bigint>,
};
