/**
 * The chain registry: CAIP-2 ids, the spec's three alias tables and display metadata. The spec
 * gives a separate shortcut table per endpoint group and they disagree (base-sepolia is
 * eip155:84532 for assets but eip155:84531 for build-transaction and the format endpoints), so
 * aliases are only ever resolved against a named table, never globally.
 *
 * Pure and isomorphic: the sandbox, the console's server code and its UI all import it.
 */

export type Caip2Id = `${string}:${string}`;

/** Chain families the API distinguishes; each is a CAIP-2 namespace. */
export const CHAIN_FAMILIES = ["eip155", "solana", "bip122", "tron", "stellar"] as const;
export type ChainFamily = (typeof CHAIN_FAMILIES)[number];

export const SOLANA_MAINNET = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
export const SOLANA_DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
export const BITCOIN_MAINNET_P2WPKH = "bip122:000000000019d6689c085ae165831e93-p2wpkh";
export const BITCOIN_TESTNET_P2WPKH = "bip122:000000000933ea01ad0ee984209779ba-p2wpkh";

// CAIP-2 caps the reference at 32 characters, but the API's bitcoin ids append "-p2wpkh" to a
// 32-character genesis hash; the pattern accepts what the API really uses.
const CAIP2_PATTERN = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,64})$/;

/** The pattern as a string, for schemas that must carry it (JSON Schema, OpenAPI). */
export const CAIP2_REGEX_SOURCE = CAIP2_PATTERN.source;

export function isCaip2(value: string): value is Caip2Id {
  return CAIP2_PATTERN.test(value);
}

export function parseCaip2(value: string): { namespace: string; reference: string } | undefined {
  const match = CAIP2_PATTERN.exec(value);
  return match ? { namespace: match[1] as string, reference: match[2] as string } : undefined;
}

export function formatCaip2(namespace: string, reference: string | number): Caip2Id {
  const id = `${namespace}:${reference}`;
  if (!isCaip2(id)) throw new Error(`Not a CAIP-2 chain id: ${JSON.stringify(id)}`);
  return id;
}

/** The family of a CAIP-2 id, or undefined for a namespace the API does not serve. */
export function chainFamily(id: string): ChainFamily | undefined {
  const ns = parseCaip2(id)?.namespace;
  return (CHAIN_FAMILIES as readonly string[]).includes(ns ?? "") ? (ns as ChainFamily) : undefined;
}

/** The numeric chain reference of an eip155 id (eip155:8453 → 8453), or undefined. */
export function evmChainReference(id: string): number | undefined {
  const parsed = parseCaip2(id);
  if (parsed?.namespace !== "eip155" || !/^\d+$/.test(parsed.reference)) return undefined;
  return Number(parsed.reference);
}

/**
 * A CAIP-2 id (or alias) as a URL path segment. The spec requires the ':' to be percent-encoded;
 * encodeURIComponent does that and also guards the segment against any other reserved character.
 */
export function encodeChainPathSegment(chain: string): string {
  return encodeURIComponent(chain);
}

/** The API's EVM JSON-RPC gateway for a chain: {base_url}/rpc/v1/eip155/<chain_reference>. */
export function rpcUrlFor(baseUrl: string, chainId: string): string | undefined {
  const ref = evmChainReference(chainId);
  return ref === undefined ? undefined : `${baseUrl.replace(/\/+$/, "")}/rpc/v1/eip155/${ref}`;
}

// ---------------------------------------------------------------------------------------------
// The spec's alias tables, verbatim.

/** Shortcuts of GET .../chains/{chain}/assets. */
export const ASSETS_CHAIN_ALIASES = {
  ethereum: "eip155:1",
  sepolia: "eip155:11155111",
  base: "eip155:8453",
  "base-sepolia": "eip155:84532",
  polygon: "eip155:137",
  "polygon-amoy": "eip155:80002",
  "monad-testnet": "eip155:10143",
  solana: SOLANA_MAINNET,
  "solana-devnet": SOLANA_DEVNET,
  "bitcoin-p2wpkh": BITCOIN_MAINNET_P2WPKH,
  "bitcoin-segwit": BITCOIN_MAINNET_P2WPKH,
  "bitcoin-p2wpkh-testnet": BITCOIN_TESTNET_P2WPKH,
  "bitcoin-segwit-testnet": BITCOIN_TESTNET_P2WPKH,
} as const satisfies Record<string, Caip2Id>;

/** Ids the assets endpoint accepts only in full (no shortcut). */
export const ASSETS_FULL_CHAIN_IDS = [
  "eip155:10",
  "eip155:56",
  "eip155:97",
  "eip155:250",
  "eip155:1284",
  "eip155:42161",
  "eip155:43114",
  "eip155:59144",
  "eip155:42220",
  "eip155:44787",
  "tron:mainnet",
  "tron:nile",
  "tron:shasta",
  "stellar:pubnet",
  "stellar:testnet",
] as const satisfies readonly Caip2Id[];

/** Chain names of POST .../assets/send/build-transaction. */
export const BUILD_TRANSACTION_CHAIN_ALIASES = {
  ethereum: "eip155:1",
  sepolia: "eip155:11155111",
  base: "eip155:8453",
  "base-sepolia": "eip155:84531",
  polygon: "eip155:137",
  "polygon-mumbai": "eip155:80001",
  celo: "eip155:42220",
  "celo-alfajores": "eip155:44787",
  solana: SOLANA_MAINNET,
  "solana-devnet": SOLANA_DEVNET,
  tron: "tron:mainnet",
  "tron-nile": "tron:nile",
  "tron-shasta": "tron:shasta",
  stellar: "stellar:pubnet",
  "stellar-testnet": "stellar:testnet",
  "bitcoin-segwit": BITCOIN_MAINNET_P2WPKH,
  "bitcoin-p2wpkh": BITCOIN_MAINNET_P2WPKH,
  "bitcoin-segwit-testnet": BITCOIN_TESTNET_P2WPKH,
  "bitcoin-p2wpkh-testnet": BITCOIN_TESTNET_P2WPKH,
} as const satisfies Record<string, Caip2Id>;

/** Chains of the deprecated alert format endpoints. */
export const FORMAT_CHAIN_ALIASES = {
  ethereum: "eip155:1",
  sepolia: "eip155:11155111",
  solana: SOLANA_MAINNET,
  "solana-devnet": SOLANA_DEVNET,
  base: "eip155:8453",
  "base-sepolia": "eip155:84531",
  polygon: "eip155:137",
  "polygon-mumbai": "eip155:80001",
} as const satisfies Record<string, Caip2Id>;

export type ChainTable = "assets" | "buildTransaction" | "format";

interface TableDef {
  aliases: Readonly<Record<string, Caip2Id>>;
  /** Ids accepted without a shortcut, besides the targets of the aliases. */
  extraIds: readonly Caip2Id[];
}

const TABLES: Record<ChainTable, TableDef> = {
  assets: { aliases: ASSETS_CHAIN_ALIASES, extraIds: ASSETS_FULL_CHAIN_IDS },
  buildTransaction: { aliases: BUILD_TRANSACTION_CHAIN_ALIASES, extraIds: [] },
  format: { aliases: FORMAT_CHAIN_ALIASES, extraIds: [] },
};

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** Every CAIP-2 id a table accepts. */
export function chainIdsOf(table: ChainTable): Caip2Id[] {
  const { aliases, extraIds } = TABLES[table];
  return unique([...Object.values(aliases), ...extraIds]);
}

/** Every value a table accepts as {chain}: its aliases, then its ids. */
export function chainInputsOf(table: ChainTable): [string, ...string[]] {
  const inputs = unique([...Object.keys(TABLES[table].aliases), ...chainIdsOf(table)]);
  return inputs as [string, ...string[]];
}

/**
 * The CAIP-2 id an alias or id stands for in one table, or undefined when the table does not
 * accept it. Matching is exact: aliases are lower-case and ids are case-sensitive in CAIP-2.
 */
export function resolveChain(table: ChainTable, aliasOrId: string): Caip2Id | undefined {
  const { aliases } = TABLES[table];
  if (Object.hasOwn(aliases, aliasOrId)) return aliases[aliasOrId];
  return chainIdsOf(table).find((id) => id === aliasOrId);
}

/** A table's shortcuts (alias → CAIP-2 id). */
export function chainAliasesOf(table: ChainTable): Readonly<Record<string, Caip2Id>> {
  return TABLES[table].aliases;
}

export const resolveAssetsChain = (aliasOrId: string) => resolveChain("assets", aliasOrId);
export const resolveBuildTransactionChain = (aliasOrId: string) => resolveChain("buildTransaction", aliasOrId);
export const resolveFormatChain = (aliasOrId: string) => resolveChain("format", aliasOrId);

/**
 * The chain of MPC POST /v1/assets/send. The spec does not list its shortcuts, so it takes the
 * assets table (the API's current ids), then the build-transaction names the assets table lacks
 * (celo, tron, stellar…), then any well-formed CAIP-2 id of a known family.
 */
export function resolveSendChain(aliasOrId: string): Caip2Id | undefined {
  const known = resolveAssetsChain(aliasOrId) ?? resolveBuildTransactionChain(aliasOrId);
  if (known) return known;
  return isCaip2(aliasOrId) && chainFamily(aliasOrId) ? aliasOrId : undefined;
}

// ---------------------------------------------------------------------------------------------
// Yield networks: the spec's list of networks named for yield.

const YIELD_EVM_REFERENCES = [
  143, 10143, 42161, 43114, 8453, 84532, 42220, 1116, 1, 11155111, 250, 100, 1666600000, 999, 747474, 59144, 1285, 10,
  11155420, 9745, 137, 80002, 146, 130, 88, 324,
] as const;

export const YIELD_NETWORKS: readonly Caip2Id[] = [
  ...YIELD_EVM_REFERENCES.map((ref) => `eip155:${ref}` as const),
  SOLANA_MAINNET,
  SOLANA_DEVNET,
  "stellar:pubnet",
  "stellar:testnet",
  "tron:mainnet",
];

export function isYieldNetwork(id: string): boolean {
  return YIELD_NETWORKS.includes(id as Caip2Id);
}

// ---------------------------------------------------------------------------------------------
// Display metadata for pickers and amounts.

export interface ChainInfo {
  id: Caip2Id;
  family: ChainFamily;
  label: string;
  nativeSymbol: string;
  nativeDecimals: number;
  testnet: boolean;
}

type InfoRow = [id: Caip2Id, label: string, symbol: string, decimals: number, testnet: boolean];

const INFO_ROWS: InfoRow[] = [
  ["eip155:1", "Ethereum", "ETH", 18, false],
  ["eip155:11155111", "Sepolia", "ETH", 18, true],
  ["eip155:8453", "Base", "ETH", 18, false],
  ["eip155:84532", "Base Sepolia", "ETH", 18, true],
  // The chain the build-transaction and format tables call base-sepolia (Base's retired Goerli testnet).
  ["eip155:84531", "Base Goerli", "ETH", 18, true],
  ["eip155:137", "Polygon", "POL", 18, false],
  ["eip155:80002", "Polygon Amoy", "POL", 18, true],
  ["eip155:80001", "Polygon Mumbai", "MATIC", 18, true],
  ["eip155:10143", "Monad Testnet", "MON", 18, true],
  ["eip155:143", "Monad", "MON", 18, false],
  ["eip155:10", "Optimism", "ETH", 18, false],
  ["eip155:11155420", "OP Sepolia", "ETH", 18, true],
  ["eip155:56", "BNB Smart Chain", "BNB", 18, false],
  ["eip155:97", "BNB Smart Chain Testnet", "tBNB", 18, true],
  ["eip155:250", "Fantom", "FTM", 18, false],
  ["eip155:1284", "Moonbeam", "GLMR", 18, false],
  ["eip155:1285", "Moonriver", "MOVR", 18, false],
  ["eip155:42161", "Arbitrum One", "ETH", 18, false],
  ["eip155:43114", "Avalanche C-Chain", "AVAX", 18, false],
  ["eip155:59144", "Linea", "ETH", 18, false],
  ["eip155:42220", "Celo", "CELO", 18, false],
  ["eip155:44787", "Celo Alfajores", "CELO", 18, true],
  ["eip155:1116", "Core", "CORE", 18, false],
  ["eip155:100", "Gnosis", "XDAI", 18, false],
  ["eip155:1666600000", "Harmony", "ONE", 18, false],
  ["eip155:999", "HyperEVM", "HYPE", 18, false],
  ["eip155:747474", "Katana", "ETH", 18, false],
  ["eip155:9745", "Plasma", "XPL", 18, false],
  ["eip155:146", "Sonic", "S", 18, false],
  ["eip155:130", "Unichain", "ETH", 18, false],
  ["eip155:88", "Viction", "VIC", 18, false],
  ["eip155:324", "zkSync Era", "ETH", 18, false],
  [SOLANA_MAINNET, "Solana", "SOL", 9, false],
  [SOLANA_DEVNET, "Solana Devnet", "SOL", 9, true],
  [BITCOIN_MAINNET_P2WPKH, "Bitcoin (SegWit)", "BTC", 8, false],
  [BITCOIN_TESTNET_P2WPKH, "Bitcoin Testnet (SegWit)", "BTC", 8, true],
  ["tron:mainnet", "Tron", "TRX", 6, false],
  ["tron:nile", "Tron Nile", "TRX", 6, true],
  ["tron:shasta", "Tron Shasta", "TRX", 6, true],
  ["stellar:pubnet", "Stellar", "XLM", 7, false],
  ["stellar:testnet", "Stellar Testnet", "XLM", 7, true],
];

/** Display metadata of every chain named anywhere in the spec, keyed by CAIP-2 id. */
export const CHAINS: Readonly<Record<string, ChainInfo>> = Object.freeze(
  Object.fromEntries(
    INFO_ROWS.map(([id, label, nativeSymbol, nativeDecimals, testnet]) => {
      const family = chainFamily(id);
      if (!family) throw new Error(`chain ${id} has no known family`);
      return [id, { id, family, label, nativeSymbol, nativeDecimals, testnet }];
    }),
  ),
);

export function chainInfo(id: string): ChainInfo | undefined {
  return Object.hasOwn(CHAINS, id) ? CHAINS[id] : undefined;
}

/** A short human label for any id, falling back to the id itself. */
export function chainLabel(id: string): string {
  return chainInfo(id)?.label ?? id;
}

/**
 * Every EVM (eip155) chain of the spec, by name A–Z: the chains an EIP_155_TX_V1 alert event can come
 * from (the events filter) and the chains gas sponsorship covers (the gas page).
 */
export const EVM_CHAINS: readonly Caip2Id[] = Object.values(CHAINS)
  .filter((chain) => chain.family === "eip155")
  .map((chain) => chain.id)
  .sort((a, b) => chainLabel(a).localeCompare(chainLabel(b)));
