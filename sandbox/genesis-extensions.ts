/**
 * Which contracts every local chain deploys at start beyond the faucet and the test tokens, in order: the
 * yield contracts (yield/deployment.ts), then account abstraction (aa/deployment.ts), with the accounts
 * and reserves they need. The chain layer deploys what this plan says (chain/extensions.ts) and knows
 * nothing of the features built on it. Append new contracts at the end; inserting one would move every
 * address after it.
 */
import type { Address } from "viem";
import { BUNDLER_GAS_BALANCE, bundler } from "./aa/accounts";
import { AA_CONTRACTS } from "./aa/deployment";
import { type ExtensionPlan, planAddresses } from "./chain/extensions";
import { DISTRIBUTOR_KEY, DISTRIBUTOR_RESERVE, YIELD_CONTRACTS } from "./yield/deployment";

const contracts = [...YIELD_CONTRACTS, ...AA_CONTRACTS];
const addresses = planAddresses(contracts);

/** The address of an extension contract (same on every chain), by key. */
export function extensionAddress(key: string): Address {
  const found = addresses.get(key);
  if (!found) throw new Error(`No genesis extension contract ${key} (have: ${[...addresses.keys()].join(", ")})`);
  return found;
}

/** Every extension contract's address, by key, in deployment order. */
export function extensionAddresses(): Record<string, Address> {
  return Object.fromEntries(addresses);
}

export const GENESIS_EXTENSIONS: ExtensionPlan = {
  contracts,
  genesisBalances: [{ address: bundler.address, wei: BUNDLER_GAS_BALANCE }],
  reserves: [{ address: extensionAddress(DISTRIBUTOR_KEY), ...DISTRIBUTOR_RESERVE }],
};
