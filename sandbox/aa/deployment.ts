/**
 * The account-abstraction contracts every chain deploys at start, after the yield contracts (through
 * sandbox/genesis-extensions.ts): the EntryPoint, the smart-account factory and the paymaster, which the
 * deployer funds with a deposit in the EntryPoint.
 */
import { parseEther } from "viem";
import type { ExtensionContract } from "../chain/extensions";

export const ENTRY_POINT_KEY = "entryPoint";
export const ACCOUNT_FACTORY_KEY = "accountFactory";
export const PAYMASTER_KEY = "paymaster";

/** The paymaster's deposit in the EntryPoint at genesis: some 500 million sponsored operations at 1 gwei. */
export const PAYMASTER_DEPOSIT = parseEther("100000");

export const AA_CONTRACTS: readonly ExtensionContract[] = [
  { key: ENTRY_POINT_KEY, artifact: "SandboxEntryPoint", args: () => [] },
  { key: ACCOUNT_FACTORY_KEY, artifact: "SmartAccountFactory", args: (ctx) => [ctx.addressOf(ENTRY_POINT_KEY)] },
  {
    key: PAYMASTER_KEY,
    artifact: "SandboxPaymaster",
    args: (ctx) => [ctx.addressOf(ENTRY_POINT_KEY)],
    value: PAYMASTER_DEPOSIT,
  },
];
