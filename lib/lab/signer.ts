/**
 * Who signs EVM messages for a client. An EOA client's key is its eip155 address. An
 * account-abstracted client's eip155 address is its ERC-4337 smart account, which has no key: its
 * messages are signed by the key that owns the account, whose address the record does not carry and
 * is derived from the SECP256K1 wallet's public key.
 */
import { evmAddressOfKey } from "../clients/public-key";
import type { Client } from "../contracts";
import type { EvmSigner } from "./results";

export function evmSigner(client: Client): EvmSigner | undefined {
  if (!client.isAccountAbstracted) {
    const address = client.metadata.namespaces.eip155?.address;
    return address ? { address, role: "account" } : undefined;
  }
  const key = client.wallets.find((w) => w.curve === "SECP256K1");
  const owner = key ? evmAddressOfKey(key.curve, key.publicKey) : undefined;
  if (!owner) return undefined;
  const account = client.metadata.namespaces.eip155?.address;
  return {
    address: owner,
    role: "owner-key",
    note: `Account-abstracted client: the signer is the key that owns the smart account${account ? ` ${account}` : ""}, derived from the SECP256K1 public key. The smart account accepts its signatures through EIP-1271.`,
  };
}

/** The address that holds and sends the client's EVM funds (the smart account when abstracted). */
export const evmAccount = (client: Client): string | undefined => client.metadata.namespaces.eip155?.address;
