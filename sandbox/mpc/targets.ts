/**
 * Which local chain an operation runs on. The chain is always taken from the request's chain id; the
 * rpcUrl is not dialled (the sandbox is its own node), but when it names a sandbox chain
 * (…/rpc/v1/eip155/<reference>) it must agree with the chain id, as a real node would only ever
 * answer for its own chain.
 */
import { evmChainReference } from "@/lib/chains";
import type { ChainRegistry } from "../types";
import { MpcError } from "./errors";

export function localEvmChain(chains: ChainRegistry, chainId: string, rpcUrl: string | undefined): number {
  const reference = evmChainReference(chainId);
  if (reference === undefined) throw new MpcError("BAD_REQUEST", `${chainId} is not an eip155 chain`);
  if (!chains.references().includes(reference))
    throw new MpcError("BAD_REQUEST", `The sandbox runs no local chain for ${chainId}`);
  const named = rpcUrl && /\/rpc\/v1\/eip155\/(\d+)\/?(?:[?#].*)?$/.exec(rpcUrl);
  if (named && Number(named[1]) !== reference)
    throw new MpcError("BAD_REQUEST", `rpcUrl is the RPC endpoint of eip155:${named[1]}, but the chain is ${chainId}`);
  return reference;
}
