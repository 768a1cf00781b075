/**
 * Whether an address is one of a client's: every address its page shows (./derive-addresses.ts),
 * the owner key an account-abstracted client's record does not carry included, compared by the
 * rules of its chain family. Server-only in practice (the derivation is curve arithmetic): the
 * address scan runs it on every client it reads.
 */
import type { Client } from "../contracts";
import { addressesEqual } from "./addresses";
import { clientAddresses } from "./derive-addresses";

export function clientHasAddress(client: Client, address: string): boolean {
  return clientAddresses(client).some((own) => addressesEqual(own.namespace, own.address, address));
}
