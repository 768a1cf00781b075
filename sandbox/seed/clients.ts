/**
 * Deterministic seeded clients: the same seed gives the same clients, ids and addresses on every
 * start, so they are regenerated rather than saved. They carry real key-derived addresses, but no
 * MPC shares exist for them: signing or ejecting needs a wallet generated through the MPC service.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { getAddress } from "viem";
import { namespacesOf } from "../state/encoding/addresses";
import { createIdGenerator } from "../state/ids";
import type { BackupSharePairRecord, ClientRecord, WalletRecord } from "../types";
import { createRng, type Rng } from "./prng";

const DAY_MS = 86_400_000;
/** Seeded clients were created over the year before the seed anchor. */
const HISTORY_MS = 365 * DAY_MS;

const BACKUP_METHODS: BackupSharePairRecord["backupMethod"][] = ["GDRIVE", "ICLOUD", "PASSWORD", "PASSKEY", "CUSTOM"];

export interface SeedClientsOptions {
  count: number;
  seed: string;
  /** Epoch ms the history ends at (the sandbox's first start). */
  anchorMs: number;
}

export function seedClients({ count, seed, anchorMs }: SeedClientsOptions): ClientRecord[] {
  const rng = createRng(`${seed}:clients`);
  const ids = createIdGenerator(() => rng.next(), "sbx0");
  // Consecutive keys k0+i: one point addition per client instead of a scalar multiplication
  // (seeding 100,000 clients stays in seconds). The private keys are never used or exposed.
  const k0 = (BigInt(`0x${bytesToHex(rng.bytes(32))}`) % (secp256k1.Point.CURVE().n - 1_000_000n)) + 1n;
  let secp = secp256k1.Point.BASE.multiply(k0);
  let ed = ed25519.Point.BASE.multiply(k0 % ed25519.Point.CURVE().n);

  const start = anchorMs - HISTORY_MS;
  const clients: ClientRecord[] = [];
  for (let i = 0; i < count; i++) {
    secp = secp.add(secp256k1.Point.BASE);
    ed = ed.add(ed25519.Point.BASE);
    const createdMs = Math.floor(start + ((i + rng.next()) * HISTORY_MS) / Math.max(count, 1));
    const createdAt = new Date(createdMs).toISOString();
    const isAccountAbstracted = rng.next() < 0.15;
    // One affine conversion per key (each costs a field inversion), then the encodings by hand.
    const secpAffine = secp.toAffine();
    const x = hexToBytes(secpAffine.x.toString(16).padStart(64, "0"));
    const y = hexToBytes(secpAffine.y.toString(16).padStart(64, "0"));
    const compressed = Uint8Array.from([secpAffine.y & 1n ? 3 : 2, ...x]);
    const namespaces = namespacesOf(Uint8Array.from([4, ...x, ...y]), compressed, ed.toBytes());
    if (isAccountAbstracted && namespaces.eip155) {
      // An account-abstracted client's funds sit in its smart account, a contract address derived from the EOA.
      namespaces.eip155.address = smartAccountAddress(namespaces.eip155.address);
    }
    const wallets: WalletRecord[] = [
      seededWallet(
        rng,
        ids,
        createdMs,
        "SECP256K1",
        JSON.stringify({ X: secpAffine.x.toString(), Y: secpAffine.y.toString() }),
      ),
      seededWallet(rng, ids, createdMs, "ED25519", JSON.stringify({ X: bytesToHex(ed.toBytes()) })),
    ];
    clients.push({ id: ids.next(createdMs), createdAt, isAccountAbstracted, ejectedAt: null, namespaces, wallets });
  }
  return clients;
}

function seededWallet(
  rng: Rng,
  ids: ReturnType<typeof createIdGenerator>,
  createdMs: number,
  curve: WalletRecord["curve"],
  publicKey: string,
): WalletRecord {
  const at = (offsetMs: number) => new Date(createdMs + offsetMs).toISOString();
  const backedUp = rng.next();
  const backupSharePairs: BackupSharePairRecord[] =
    backedUp < 0.2
      ? []
      : [
          {
            id: ids.next(createdMs),
            createdAt: at(60_000),
            backupMethod: rng.pick(BACKUP_METHODS),
            status: backedUp < 0.3 ? "incomplete" : "completed",
          },
        ];
  return {
    id: ids.next(createdMs),
    createdAt: at(1_000),
    curve,
    publicKey,
    ejectableUntil: null,
    backupSharePairs,
    signingSharePairs: [{ id: ids.next(createdMs), createdAt: at(1_000), status: "completed" }],
  };
}

/** A deterministic stand-in for a counterfactual smart-account address (CREATE2-like: hash of the owner). */
function smartAccountAddress(owner: string): `0x${string}` {
  const digest = keccak_256(new TextEncoder().encode(`smart-account:${owner.toLowerCase()}`));
  return getAddress(`0x${bytesToHex(digest.subarray(12))}`);
}
