/** What the yield provider's parts share: the chains, the passthrough signer, the clock and the action store. */
import type { Address, Hex } from "viem";
import type { ChainRegistry } from "../types";
import type { PassthroughSigner } from "./passthrough";
import type { ActionStore } from "./store";

export interface YieldContext {
  chains: ChainRegistry;
  signer: PassthroughSigner;
  store: ActionStore;
  now: () => number;
  /** An action without progress for this long goes STALE (SANDBOX_YIELD_STALE_MS); undefined: never. */
  staleMs?: number;
}

export type Requester = (method: string, params?: unknown[]) => Promise<unknown>;

/** A transaction as eth_getTransactionByHash gives it (the fields the provider checks). */
export interface RpcTransaction {
  from: Address;
  to: Address | null;
  input: Hex;
  value: Hex;
}

export const DEFAULT_LIMIT = 20;

/** The chain of an eip155 reference, as a JSON-RPC requester. */
export function requesterOf(context: YieldContext, reference: number): Requester {
  return (method, params) => context.chains.request(reference, method, params);
}
