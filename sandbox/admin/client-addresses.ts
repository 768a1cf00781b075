import { BITCOIN_MAINNET_P2WPKH, type ChainFamily } from "@/lib/chains";
import type { ClientRecord } from "../types";

/** The client's address on a chain, or undefined before its wallets were generated. */
export function clientAddressOn(client: ClientRecord, family: ChainFamily, chainId: string): string | undefined {
  const ns = client.namespaces;
  switch (family) {
    case "eip155":
      return ns.eip155?.address || undefined;
    case "solana":
      return ns.solana?.address || undefined;
    case "bip122":
      return (
        (chainId === BITCOIN_MAINNET_P2WPKH ? ns.bip122?.bitcoin.p2wpkh.mainnet : ns.bip122?.bitcoin.p2wpkh.testnet) ||
        undefined
      );
    case "tron":
      return ns.tron?.address || undefined;
    case "stellar":
      return ns.stellar?.address || undefined;
  }
}
