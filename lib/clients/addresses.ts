/**
 * A client's own addresses, read from the client record, with the words the console uses for them.
 * For an account-abstracted client the record's eip155 address is its ERC-4337 smart account (the
 * funds live there); the key that owns the account has an address of its own, which the record does
 * not carry, so it is derived from the SECP256K1 wallet's public key and labelled as derived.
 */
import type { ChainFamily } from "../chains";
import type { Client } from "../contracts";
import { evmAddressOfKey } from "./public-key";

export type Curve = "SECP256K1" | "ED25519";

export interface ClientAddress {
  namespace: ChainFamily;
  curve: Curve;
  label: string;
  address: string;
  /** The smart account of an account-abstracted client, or the key that owns it. */
  role?: "smart-account" | "owner";
  /** Bitcoin has one address per network. */
  network?: "mainnet" | "testnet";
  /** Where the value came from, when not straight from the record. */
  note?: string;
}

const CURVE_OF: Record<ChainFamily, Curve> = {
  eip155: "SECP256K1",
  bip122: "SECP256K1",
  tron: "SECP256K1",
  solana: "ED25519",
  stellar: "ED25519",
};

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

/** The client's address that sends on a chain family (for Bitcoin, on the given network). */
export function sendingAddress(client: Client, family: ChainFamily, testnet: boolean): ClientAddress | undefined {
  return clientAddresses(client).find(
    (a) =>
      a.namespace === family &&
      a.role !== "owner" &&
      (family !== "bip122" || a.network === (testnet ? "testnet" : "mainnet")),
  );
}

/** EVM hex and Bitcoin bech32 addresses do not depend on case; base58 and Stellar's base32 do. */
export function addressesEqual(family: ChainFamily, a: string, b: string): boolean {
  const x = a.trim();
  const y = b.trim();
  return family === "eip155" || family === "bip122" ? x.toLowerCase() === y.toLowerCase() : x === y;
}
