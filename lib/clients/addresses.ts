/**
 * A client's own addresses as the console names them, and the rules for comparing them. Loaded by
 * the browser, so it holds no curve arithmetic: the addresses themselves are read (and the owner
 * key's derived) on the server, by ./derive-addresses.ts, and reach the page in the client's view.
 */
import type { ChainFamily } from "../chains";

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

export const CURVE_OF: Record<ChainFamily, Curve> = {
  eip155: "SECP256K1",
  bip122: "SECP256K1",
  tron: "SECP256K1",
  solana: "ED25519",
  stellar: "ED25519",
};

/** The client's address that sends on a chain family (for Bitcoin, on the given network). */
export function sendingAddress(
  own: readonly ClientAddress[],
  family: ChainFamily,
  testnet: boolean,
): ClientAddress | undefined {
  return own.find(
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
