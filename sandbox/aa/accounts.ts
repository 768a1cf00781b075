/**
 * The bundler's account: it submits user operations to the EntryPoint (handleOps) and is reimbursed
 * by the EntryPoint from the paymaster's deposit. A fixed key like the deployer's, public by design:
 * these are local test chains.
 */
import { keccak256, stringToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export const bundler = privateKeyToAccount(keccak256(stringToHex("custodian-console/sandbox/bundler")));

/** Gas money set at genesis (the EntryPoint pays the bundler back for every bundle). */
export const BUNDLER_GAS_BALANCE = 10n ** 24n;
