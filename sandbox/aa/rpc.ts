/**
 * The bundler's methods on the chains' JSON-RPC route ({base_url}/rpc/v1/eip155/<reference>):
 * eth_sendUserOperation, eth_getUserOperationReceipt, eth_getUserOperationByHash and
 * eth_supportedEntryPoints go to the bundler; every other method to the chain as before.
 */
import type { ChainRegistry } from "../types";
import type { Bundler } from "./bundler";

export const BUNDLER_METHODS = new Set([
  "eth_sendUserOperation",
  "eth_getUserOperationReceipt",
  "eth_getUserOperationByHash",
  "eth_supportedEntryPoints",
]);

type Served = ChainRegistry & { isServed?: (reference: number) => boolean };

/** The registry the RPC route (createRpcApp) should serve: the same chains, plus the bundler's methods. */
export function withBundlerRpc<R extends Served>(registry: R, bundler: Bundler): Served {
  return {
    references: () => registry.references(),
    ...(registry.isServed ? { isServed: (reference: number) => registry.isServed?.(reference) ?? false } : {}),
    request: async (reference, method, params = []) => {
      if (!BUNDLER_METHODS.has(method)) return registry.request(reference, method, params);
      // Starts the chain if needed (and refuses an unserved reference) before the bundler reads it.
      await registry.request(reference, "eth_chainId", []);
      return bundler.rpc(reference, method, params);
    },
    tokens: (reference) => registry.tokens(reference),
    nativeBalance: (reference, address) => registry.nativeBalance(reference, address),
    tokenBalance: (reference, token, address) => registry.tokenBalance(reference, token, address),
    fund: (address) => registry.fund(address),
    onTransfer: (listener) => registry.onTransfer(listener),
    close: () => registry.close(),
  };
}
