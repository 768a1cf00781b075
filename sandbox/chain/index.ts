export { createChainRegistry, type SandboxChainRegistry } from "./registry";
export { createRpcApp } from "./rpc";
