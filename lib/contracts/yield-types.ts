/**
 * The mechanics types the provider names (api-shapes §4.2); others are kept as they come (an open
 * enum in ./yield.ts). Apart from the schemas so the yield page's type filter names them without
 * loading zod.
 */
export const YIELD_TYPES = [
  "staking",
  "restaking",
  "lending",
  "vault",
  "fixed_yield",
  "real_world_asset",
  "concentrated_liquidity_pool",
  "liquidity_pool",
] as const;
