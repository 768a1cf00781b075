export {
  chainRegistryOptions,
  createChainRegistry,
  type ChainRegistryOptions,
  type SandboxChainRegistry,
} from "./registry";
export { createRpcApp, MAX_BATCH } from "./rpc";
export { RpcError } from "./errors";
export { genesisAddresses } from "./genesis";
export { BOOT_REFERENCES, SERVED_REFERENCES, parseReference } from "./references";
export { NATIVE_DRIP, TEST_TOKEN_SPECS } from "./test-tokens";
export { suggestFees, estimateGas, type Requester } from "./fees";
export { KeyedLock } from "./lock";
