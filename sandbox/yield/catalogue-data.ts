/**
 * The yield catalogue as data: which pool contracts exist (the same addresses on every chain), and
 * which of them the sandbox advertises on which network, at which rate. Pure data with no imports of
 * the chain code, because the chain's genesis reads it (each chain deploys its pools with that chain's
 * rates and cooldowns) and the yield routes read it (to list and operate the opportunities).
 */

/** The pool contracts, in deployment order (deployment.ts gives each its nonce). */
export const POOL_KEYS = [
  "usdcVault",
  "usdtVault",
  "wethVault",
  "liquidStaking",
  "linkStaking",
  "nativeStaking",
  "wethRewards",
] as const;
export type PoolKey = (typeof POOL_KEYS)[number];

export type PoolKind = "vault" | "liquid-staking" | "staking";
export type PoolToken = "USDC" | "USDT" | "LINK" | "WETH" | "NATIVE";

export interface PoolSpec {
  key: PoolKey;
  kind: PoolKind;
  token: PoolToken;
  /** Used on chains where the catalogue does not list this pool (it is deployed everywhere). */
  defaultRate: number;
  /** Unstaking cooldown (staking pools); 0 pays out on unstake. */
  defaultCooldownDays: number;
}

export const POOLS: Readonly<Record<PoolKey, PoolSpec>> = {
  usdcVault: { key: "usdcVault", kind: "vault", token: "USDC", defaultRate: 0.045, defaultCooldownDays: 0 },
  usdtVault: { key: "usdtVault", kind: "vault", token: "USDT", defaultRate: 0.04, defaultCooldownDays: 0 },
  wethVault: { key: "wethVault", kind: "vault", token: "WETH", defaultRate: 0.02, defaultCooldownDays: 0 },
  liquidStaking: {
    key: "liquidStaking",
    kind: "liquid-staking",
    token: "NATIVE",
    defaultRate: 0.03,
    defaultCooldownDays: 0,
  },
  linkStaking: { key: "linkStaking", kind: "staking", token: "LINK", defaultRate: 0.05, defaultCooldownDays: 7 },
  nativeStaking: { key: "nativeStaking", kind: "staking", token: "NATIVE", defaultRate: 0.05, defaultCooldownDays: 3 },
  wethRewards: { key: "wethRewards", kind: "staking", token: "WETH", defaultRate: 0.025, defaultCooldownDays: 0 },
};

export interface CatalogueEntry {
  /** eip155 reference of the network. */
  reference: number;
  pool: PoolKey;
  /** The advertised yearly rate (APR, a fraction) the contract is deployed with on this network. */
  rate: number;
  cooldownDays?: number;
}

/** Every opportunity the sandbox lists: 22 on 11 of the spec's eip155 yield networks. */
export const CATALOGUE: readonly CatalogueEntry[] = [
  { reference: 11155111, pool: "usdcVault", rate: 0.0485 },
  { reference: 11155111, pool: "usdtVault", rate: 0.0441 },
  { reference: 11155111, pool: "liquidStaking", rate: 0.0312 },
  { reference: 11155111, pool: "linkStaking", rate: 0.062, cooldownDays: 7 },
  { reference: 11155111, pool: "wethRewards", rate: 0.024 },
  { reference: 84532, pool: "usdcVault", rate: 0.052 },
  { reference: 84532, pool: "liquidStaking", rate: 0.0295 },
  { reference: 1, pool: "usdcVault", rate: 0.0445 },
  { reference: 1, pool: "usdtVault", rate: 0.0398 },
  { reference: 1, pool: "liquidStaking", rate: 0.0301 },
  { reference: 1, pool: "linkStaking", rate: 0.0475, cooldownDays: 7 },
  { reference: 8453, pool: "usdcVault", rate: 0.0561 },
  { reference: 8453, pool: "wethVault", rate: 0.0187 },
  { reference: 42161, pool: "usdcVault", rate: 0.0503 },
  { reference: 42161, pool: "linkStaking", rate: 0.051, cooldownDays: 7 },
  { reference: 10, pool: "wethVault", rate: 0.0215 },
  { reference: 137, pool: "usdcVault", rate: 0.0472 },
  { reference: 137, pool: "nativeStaking", rate: 0.046, cooldownDays: 3 },
  { reference: 80002, pool: "nativeStaking", rate: 0.051, cooldownDays: 3 },
  { reference: 43114, pool: "nativeStaking", rate: 0.072, cooldownDays: 14 },
  { reference: 42220, pool: "nativeStaking", rate: 0.055, cooldownDays: 3 },
  { reference: 10143, pool: "liquidStaking", rate: 0.081 },
];

/** The provider's network slugs (Yield.xyz style) of the spec's eip155 yield networks. */
export const NETWORK_SLUGS: Readonly<Record<number, string>> = {
  1: "ethereum",
  11155111: "ethereum-sepolia",
  8453: "base",
  84532: "base-sepolia",
  42161: "arbitrum",
  10: "optimism",
  11155420: "optimism-sepolia",
  137: "polygon",
  80002: "polygon-amoy",
  43114: "avalanche-c",
  42220: "celo",
  100: "gnosis",
  59144: "linea",
  250: "fantom",
  146: "sonic",
  130: "unichain",
  324: "zksync",
  10143: "monad-testnet",
  143: "monad",
  1116: "core",
  1666600000: "harmony",
  999: "hyperevm",
  747474: "katana",
  1285: "moonriver",
  9745: "plasma",
  88: "viction",
};

export const DAY_SECONDS = 86_400;

/** The rate and cooldown a pool is deployed with on a chain: the catalogue's, else the pool's defaults. */
export function poolSettings(reference: number, pool: PoolKey): { rate: number; cooldownSeconds: number } {
  const entry = CATALOGUE.find((e) => e.reference === reference && e.pool === pool);
  const spec = POOLS[pool];
  const days = entry ? (entry.cooldownDays ?? spec.defaultCooldownDays) : spec.defaultCooldownDays;
  return { rate: entry?.rate ?? spec.defaultRate, cooldownSeconds: days * DAY_SECONDS };
}

/** A rate as the contracts take it: a fraction scaled by 1e18 (rates have at most 6 decimal places). */
export function rateWad(rate: number): bigint {
  return BigInt(Math.round(rate * 1_000_000)) * 10n ** 12n;
}
