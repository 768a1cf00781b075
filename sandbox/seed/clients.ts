/**
 * Deterministic seeded clients: the same seed gives the same clients, wallets, addresses and key
 * shares on every start, so they are regenerated rather than saved. Their keys come from the seed
 * (client-keys.ts) and the key store serves the service's halves of them, so a seeded client whose
 * backup is completed can be ejected like a client that called `/v1/backup`. The clients' own shares
 * were never handed out: seeded clients cannot sign.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import type { Address } from "viem";
import { namespaceAddresses } from "../state/addresses";
import { createIdGenerator, type IdGenerator } from "../state/ids";
import type { BackupSharePairRecord, ClientRecord, WalletRecord } from "../types";
import { seededBackups, type SeededBackup } from "./backup-plan";
import { SeededKeys, type SeededWallet } from "./client-keys";
import { createRng } from "./prng";

const DAY_MS = 86_400_000;
/** Seeded clients were created over the year before the seed anchor. */
const HISTORY_MS = 365 * DAY_MS;

export interface SeedClientsOptions {
  count: number;
  seed: string;
  /** Epoch ms the history ends at (the sandbox's first start). */
  anchorMs: number;
  /**
   * The counterfactual smart account of an owner (aa/addresses.ts), an account-abstracted client's
   * eip155 address. Without it those clients show their owner EOA (tests that need no chain).
   */
  smartAccountOf?: (owner: Address) => Address;
}

export interface SeededClients {
  clients: ClientRecord[];
  /** The key store's halves of the seeded wallets. */
  keys: SeededKeys;
}

export function seedClients({ count, seed, anchorMs, smartAccountOf }: SeedClientsOptions): SeededClients {
  const rng = createRng(`${seed}:clients`);
  const ids = createIdGenerator(() => rng.next(), "sbx0");
  const keys = new SeededKeys(seed);
  const backups = seededBackups(count, seed);
  let secp = secp256k1.Point.BASE.multiply(keys.secpScalar(0));

  const start = anchorMs - HISTORY_MS;
  const clients: ClientRecord[] = [];
  for (let i = 0; i < count; i++) {
    // Consecutive SECP256K1 keys: one point addition per client instead of a scalar multiplication.
    if (i > 0) secp = secp.add(secp256k1.Point.BASE);
    const edSeed = keys.edSeed(i);
    const createdMs = Math.floor(start + ((i + rng.next()) * HISTORY_MS) / Math.max(count, 1));
    const isAccountAbstracted = rng.next() < 0.15;
    const secpAffine = secp.toAffine();
    const x = hexToBytes(secpAffine.x.toString(16).padStart(64, "0"));
    const y = hexToBytes(secpAffine.y.toString(16).padStart(64, "0"));
    const edPublicKey = ed25519.getPublicKey(edSeed);
    const namespaces = namespaceAddresses({
      secp256k1Uncompressed: Uint8Array.from([4, ...x, ...y]),
      secp256k1Compressed: Uint8Array.from([secpAffine.y & 1n ? 3 : 2, ...x]),
      ed25519: edPublicKey,
    });
    if (isAccountAbstracted && namespaces.eip155 && smartAccountOf)
      // An account-abstracted client's funds sit in the smart account its EOA owns, as for clients
      // created through the API (mpc/wallets.ts).
      namespaces.eip155.address = smartAccountOf(namespaces.eip155.address as Address);

    const clientId = ids.next(createdMs);
    const walletOf = (curve: WalletRecord["curve"], publicKey: SeededWallet["publicKey"]) =>
      seededWallet({ ids, createdMs, backup: backups[i], keys, clientId, index: i, curve, publicKey });
    const wallets = [
      walletOf("SECP256K1", { X: secpAffine.x.toString(10), Y: secpAffine.y.toString(10) }),
      walletOf("ED25519", { X: bytesToHex(edPublicKey) }),
    ];
    clients.push({
      id: clientId,
      createdAt: new Date(createdMs).toISOString(),
      isAccountAbstracted,
      ejectedAt: null,
      namespaces,
      wallets,
    });
  }
  return { clients, keys };
}

/** One wallet's record for the client read, and its entry in the seeded keys. */
function seededWallet(input: {
  ids: IdGenerator;
  createdMs: number;
  backup: SeededBackup | undefined;
  keys: SeededKeys;
  clientId: string;
  index: number;
  curve: WalletRecord["curve"];
  publicKey: SeededWallet["publicKey"];
}): WalletRecord {
  const { ids, createdMs, backup, keys, clientId, index, curve, publicKey } = input;
  const at = (offsetMs: number) => new Date(createdMs + offsetMs).toISOString();
  const signingPair = { id: ids.next(createdMs), createdAt: at(1_000) };
  const backupPair: BackupSharePairRecord | undefined =
    backup && backup.state !== "none"
      ? { id: ids.next(createdMs), createdAt: at(60_000), backupMethod: backup.method, status: backup.state }
      : undefined;
  const id = ids.next(createdMs);
  keys.add({
    id,
    clientId,
    index,
    curve,
    createdAt: at(1_000),
    publicKey,
    signingPair,
    ...(backupPair?.status === "completed"
      ? { backupPair: { id: backupPair.id, createdAt: backupPair.createdAt, backupMethod: backupPair.backupMethod } }
      : {}),
  });
  return {
    id,
    createdAt: at(1_000),
    curve,
    publicKey: JSON.stringify(publicKey),
    ejectableUntil: null,
    backupSharePairs: backupPair ? [backupPair] : [],
    signingSharePairs: [{ ...signingPair, status: "completed" }],
  };
}
