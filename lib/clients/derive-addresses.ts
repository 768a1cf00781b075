/**
 * A client's own addresses, read from the client record. For an account-abstracted client the
 * record's eip155 address is its ERC-4337 smart account (the funds live there); the key that owns
 * the account has an address of its own, which the record does not carry, so it is derived from the
 * SECP256K1 wallet's public key and labelled as derived. Curve arithmetic: the server runs it (the
 * client's view, the wallet lab), the browser gets the result.
 */
import type { ChainFamily } from "../chains";
import type { Client } from "../contracts";
import { CURVE_OF, type ClientAddress } from "./addresses";
import type { ClientView } from "./client-view";
import { displayPublicKey, evmAddressOfKey } from "./public-key";

export function clientAddresses(client: Client): ClientAddress[] {
  const ns = client.metadata.namespaces;
  const out: ClientAddress[] = [];
  const add = (
    namespace: ChainFamily,
    label: string,
    address: string | undefined,
    extra: Partial<ClientAddress> = {},
  ) => {
    if (address) out.push({ namespace, curve: CURVE_OF[namespace], label, address, ...extra });
  };
  if (client.isAccountAbstracted) {
    add("eip155", "EVM smart account", ns.eip155?.address, { role: "smart-account" });
    const key = client.wallets.find((w) => w.curve === "SECP256K1");
    add("eip155", "EVM owner key", key ? evmAddressOfKey(key.curve, key.publicKey) : undefined, {
      role: "owner",
      note: "Derived from the SECP256K1 public key; the record lists only the smart account.",
    });
  } else add("eip155", "EVM", ns.eip155?.address);
  add("bip122", "Bitcoin (mainnet)", ns.bip122?.bitcoin?.p2wpkh?.mainnet, { network: "mainnet" });
  add("bip122", "Bitcoin (testnet)", ns.bip122?.bitcoin?.p2wpkh?.testnet, { network: "testnet" });
  add("tron", "Tron", ns.tron?.address);
  add("solana", "Solana", ns.solana?.address);
  add("stellar", "Stellar", ns.stellar?.address);
  return out;
}

/** The client with what the server reads out of its record for the page (./client-view.ts). */
export function clientView(client: Client): ClientView {
  const publicKeys = Object.fromEntries(client.wallets.map((w) => [w.id, displayPublicKey(w.curve, w.publicKey)]));
  return { ...client, derived: { addresses: clientAddresses(client), publicKeys } };
}
