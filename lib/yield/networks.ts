/**
 * Yield networks as the spec names them (CAIP-2) and as the provider's own types name them (slugs
 * such as "ethereum-sepolia"): one table, so the console accepts either wherever a network appears
 * (an opportunity's network, a token's network) and works in CAIP-2 inside.
 */
import { isCaip2, SOLANA_DEVNET, SOLANA_MAINNET, type Caip2Id } from "@/lib/chains";

/** The provider's slug of each network the spec lists for yield. */
export const YIELD_NETWORK_SLUGS: Readonly<Record<string, Caip2Id>> = {
  ethereum: "eip155:1",
  "ethereum-sepolia": "eip155:11155111",
  base: "eip155:8453",
  "base-sepolia": "eip155:84532",
  arbitrum: "eip155:42161",
  optimism: "eip155:10",
  "optimism-sepolia": "eip155:11155420",
  polygon: "eip155:137",
  "polygon-amoy": "eip155:80002",
  "avalanche-c": "eip155:43114",
  celo: "eip155:42220",
  gnosis: "eip155:100",
  linea: "eip155:59144",
  fantom: "eip155:250",
  sonic: "eip155:146",
  unichain: "eip155:130",
  zksync: "eip155:324",
  "monad-testnet": "eip155:10143",
  monad: "eip155:143",
  core: "eip155:1116",
  harmony: "eip155:1666600000",
  hyperevm: "eip155:999",
  katana: "eip155:747474",
  moonriver: "eip155:1285",
  plasma: "eip155:9745",
  viction: "eip155:88",
  solana: SOLANA_MAINNET,
  "solana-devnet": SOLANA_DEVNET,
  stellar: "stellar:pubnet",
  "stellar-testnet": "stellar:testnet",
  tron: "tron:mainnet",
};

/** The CAIP-2 id of a network given either way; undefined for a slug the table does not know. */
export function yieldNetworkId(network: string): Caip2Id | undefined {
  if (isCaip2(network)) return network;
  return YIELD_NETWORK_SLUGS[network.trim().toLowerCase()];
}
