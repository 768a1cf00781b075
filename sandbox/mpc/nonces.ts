/**
 * Nonces per wallet and chain, with the spec's rule: a nonce already used or pending for the wallet is
 * refused (the real gateway takes it as an attempt to overwrite a pending transaction), and without a
 * nonce the next free one is taken. Allocation, signing and broadcast run under one lock per wallet,
 * so parallel sends without nonces each get their own.
 */
import { type Address, type Hex, toHex } from "viem";
import type { Requester } from "../chain/fees";
import { KeyedLock } from "../chain/lock";
import { MpcError } from "./errors";

export class NonceAllocator {
  private readonly lock = new KeyedLock();
  /** Nonces above the chain's pending count that a caller chose explicitly: the chain queues them. */
  private readonly ahead = new Map<string, Set<number>>();

  withNonce<T>(
    request: Requester,
    reference: number,
    address: Address,
    requested: number | undefined,
    send: (nonce: number) => Promise<T>,
  ): Promise<T> {
    const key = `${reference}:${address.toLowerCase()}`;
    return this.lock.run(key, async () => {
      const pending = Number((await request("eth_getTransactionCount", [address, "pending"])) as Hex);
      const ahead = this.ahead.get(key) ?? new Set<number>();
      for (const n of ahead) if (n < pending) ahead.delete(n);
      let next = pending;
      while (ahead.has(next)) next++;
      if (requested !== undefined && (requested < pending || ahead.has(requested)))
        throw new MpcError(
          "RPC_OP_FAILED",
          `Nonce ${toHex(requested)} is already used or pending for ${address} on eip155:${reference}; the next free nonce is ${toHex(next)}`,
        );
      const nonce = requested ?? next;
      const result = await send(nonce);
      if (nonce > pending) {
        ahead.add(nonce);
        this.ahead.set(key, ahead);
      }
      return result;
    });
  }
}
