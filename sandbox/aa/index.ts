/**
 * Account abstraction in the sandbox (ERC-4337 style): the contracts (SandboxEntryPoint, SmartAccount,
 * SmartAccountFactory, SandboxPaymaster: sandbox/solidity/contracts), the bundler, and the bundler RPC
 * methods. The MPC service signs user operations for account-abstracted clients (sandbox/mpc/user-operations.ts).
 */
import type { ChainRegistry } from "../types";
import { Bundler, type SponsorshipRecorder } from "./bundler";

export { ENTRY_POINT, PAYMASTER, accountInitCode, smartAccountAddress } from "./addresses";
export { Bundler, BundlerRejection, userOperationEvents } from "./bundler";
export { withBundlerRpc } from "./rpc";
export { decodeExecute, decodeHandleOps, userOperationHash, type UserOperation } from "./user-operation";

export function createBundler(options: {
  chains: ChainRegistry;
  sponsorship?: SponsorshipRecorder;
  log?: (message: string) => void;
}): Bundler {
  return new Bundler(options);
}
