/**
 * The seams between the sandbox's parts. The administration service (state, routes, webhooks) owns
 * clients and their records; the MPC service owns keys and shares; the chain registry owns the local
 * EVM chains. Each side depends on these interfaces, never on the other's internals.
 */

export type Curve = "SECP256K1" | "ED25519";

/** Addresses of one client, keyed like the client read's `metadata.namespaces`. */
export interface NamespaceAddresses {
  eip155?: { address: string; curve: "SECP256K1" };
  solana?: { address: string; curve: "ED25519" };
  bip122?: {
    address: string;
    curve: "SECP256K1";
    bitcoin: { p2wpkh: { mainnet: string; testnet: string } };
  };
  tron?: { address: string; curve: "SECP256K1" };
  stellar?: { address: string; curve: "ED25519" };
}

export interface SharePairRecord {
  id: string;
  createdAt: string;
  status: "completed" | "incomplete";
}

export interface BackupSharePairRecord extends SharePairRecord {
  backupMethod: "GDRIVE" | "ICLOUD" | "CUSTOM" | "PASSWORD" | "PASSKEY" | "FIREBASE" | "UNKNOWN";
}

/** What the MPC service hands the administration state after /v1/generate for one curve. */
export interface GeneratedWallet {
  id: string;
  curve: Curve;
  /** JSON string, e.g. {"X":"<decimal>","Y":"<decimal>"} for SECP256K1, {"X":"<hex>"} for ED25519. */
  publicKey: string;
  signingSharePair: SharePairRecord;
}

/** The client as the administration state stores it; the MPC service reads it through ClientDirectory. */
export interface ClientRecord {
  id: string;
  createdAt: string;
  isAccountAbstracted: boolean;
  ejectedAt: string | null;
  /** The EVM address that holds funds: the EOA, or the smart account for account-abstracted clients. */
  namespaces: NamespaceAddresses;
  wallets: WalletRecord[];
}

export interface WalletRecord {
  id: string;
  createdAt: string;
  curve: Curve;
  publicKey: string;
  ejectableUntil: string | null;
  backupSharePairs: BackupSharePairRecord[];
  signingSharePairs: SharePairRecord[];
}

/** Implemented by the administration state; used by the MPC service. */
export interface ClientDirectory {
  /** The client a bearer token (client API key or session token) belongs to, if any. */
  resolveClientBearer(token: string): ClientRecord | undefined;
  get(clientId: string): ClientRecord | undefined;
  /** Called after /v1/generate (and /v1/recover): replaces the client's wallets and addresses. */
  recordWallets(clientId: string, wallets: GeneratedWallet[], namespaces: NamespaceAddresses): void;
  /** Called after /v1/backup: adds a completed backup share pair to the wallet of that curve. */
  recordBackup(clientId: string, curve: Curve, pair: BackupSharePairRecord): void;
}

/** Implemented by the MPC service's key store; used by the administration routes (eject). */
export interface BackupShareSource {
  /**
   * The backup shares of a wallet for key ejection, or undefined when the wallet has no backup.
   * `custodianBackupShare` is a JSON string; `encryptedClientBackupShare` is null unless the client
   * uploaded one.
   */
  ejectableBackupShares(
    clientId: string,
    walletId: string,
  ): { encryptedClientBackupShare: string | null; custodianBackupShare: string } | undefined;
}

/** A token the sandbox deploys on every local chain. */
export interface TestToken {
  symbol: "USDC" | "USDT" | "LINK" | "WETH";
  name: string;
  decimals: number;
  address: `0x${string}`;
}

/** A value transfer observed on a local chain (native or ERC-20), used to raise EIP_155_TX_V1 events. */
export interface ChainTransfer {
  chainId: string; // CAIP-2, e.g. eip155:11155111
  blockNumber: number;
  transactionHash: `0x${string}`;
  from: `0x${string}`;
  to: `0x${string}`;
  /** Native transfers have token undefined. */
  token?: TestToken;
  rawAmount: bigint;
  userOperationHash?: `0x${string}` | null;
}

/** Implemented by the chain registry; used by the administration routes and the MPC service. */
export interface ChainRegistry {
  /** eip155 references the sandbox serves (a chain starts on first use of its reference). */
  references(): number[];
  /** JSON-RPC request against the chain of `reference` (started on demand). */
  request(reference: number, method: string, params?: unknown[]): Promise<unknown>;
  tokens(reference: number): Promise<TestToken[]>;
  nativeBalance(reference: number, address: `0x${string}`): Promise<bigint>;
  tokenBalance(reference: number, token: `0x${string}`, address: `0x${string}`): Promise<bigint>;
  /** Funds a new wallet with the native token and every test token on every running chain. */
  fund(address: `0x${string}`): Promise<void>;
  /** Registers a listener for transfers mined on any chain. Returns an unsubscribe function. */
  onTransfer(listener: (transfer: ChainTransfer) => void): () => void;
  close(): Promise<void>;
}
