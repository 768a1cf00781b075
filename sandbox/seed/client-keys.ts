/**
 * The keys of seeded clients, derived from the seed like every seeded value (local test keys, as
 * public as the seed): consecutive SECP256K1 scalars from a seeded start (seeding adds one point per
 * client instead of multiplying a scalar), and one ED25519 seed per client.
 *
 * `SeededKeys` is the key store's half of the seeded wallets, as `/v1/generate` and `/v1/backup`
 * would have left it: a server signing share per wallet, and a custodian backup share per completed
 * backup. Each is one side of a split of the wallet's key around a client share that is itself derived
 * from the seed, so every start gives the same shares. The API never hands out the clients' halves.
 */
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { numberToBytesBE } from "@noble/curves/utils.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { splitWith, type PublicKeyJson, type ShareValue } from "../mpc/key-shares";
import type { BackupPair, SeededKeySource, WalletKeys } from "../mpc/key-store";
import type { BackupSharePairRecord, Curve } from "../types";
import { createRng } from "./prng";

/** What a seeded wallet's keys derive from: its client's position and the wallet's pair ids. */
export interface SeededWallet {
  id: string;
  clientId: string;
  /** The client's position among the seeded clients. */
  index: number;
  curve: Curve;
  createdAt: string;
  publicKey: PublicKeyJson;
  signingPair: { id: string; createdAt: string };
  /** The completed backup (an incomplete one left no custodian share behind). */
  backupPair?: { id: string; createdAt: string; backupMethod: BackupSharePairRecord["backupMethod"] };
}

const utf8 = (text: string) => new TextEncoder().encode(text);

export class SeededKeys implements SeededKeySource {
  /** Scalar of the first seeded client's SECP256K1 key; the i-th has this + i. */
  private readonly secpStart: bigint;
  private readonly wallets = new Map<string, SeededWallet>();
  private readonly byClient = new Map<string, string[]>();
  private readonly byBackupPair = new Map<string, string>();
  private readonly derived = new Map<string, WalletKeys>();

  constructor(private readonly seed: string) {
    const rng = createRng(`${seed}:client-keys`);
    // Room for a million consecutive keys below the group order (SANDBOX_SEED_CLIENTS ≤ 100,000).
    const n = secp256k1.Point.Fn.ORDER;
    this.secpStart = (BigInt(`0x${Buffer.from(rng.bytes(32)).toString("hex")}`) % (n - 1_000_000n)) + 1n;
  }

  secpScalar(index: number): bigint {
    return this.secpStart + BigInt(index);
  }

  edSeed(index: number): Uint8Array {
    return sha256(utf8(`${this.seed}:ed25519:${index}`));
  }

  add(wallet: SeededWallet): void {
    this.wallets.set(wallet.id, wallet);
    this.byClient.set(wallet.clientId, [...(this.byClient.get(wallet.clientId) ?? []), wallet.id]);
    if (wallet.backupPair) this.byBackupPair.set(wallet.backupPair.id, wallet.id);
  }

  wallet(walletId: string): WalletKeys | undefined {
    const seeded = this.wallets.get(walletId);
    if (!seeded) return undefined;
    let keys = this.derived.get(walletId);
    if (!keys) {
      keys = this.derive(seeded);
      this.derived.set(walletId, keys);
    }
    return keys;
  }

  walletsOf(clientId: string): WalletKeys[] {
    return (this.byClient.get(clientId) ?? []).flatMap((id) => this.wallet(id) ?? []);
  }

  findBackupPair(pairId: string): { wallet: WalletKeys; pair: BackupPair } | undefined {
    const walletId = this.byBackupPair.get(pairId);
    const wallet = walletId === undefined ? undefined : this.wallet(walletId);
    const pair = wallet?.backups.find((p) => p.id === pairId);
    return wallet && pair ? { wallet, pair } : undefined;
  }

  /** The client's own backup share of a seeded wallet, which the API never hands out (tests, tools). */
  clientBackupShare(walletId: string): ShareValue | undefined {
    const seeded = this.wallets.get(walletId);
    if (!seeded?.backupPair) return undefined;
    return this.split(seeded, seeded.backupPair.id)[0];
  }

  private secretOf(wallet: SeededWallet): Uint8Array {
    return wallet.curve === "SECP256K1"
      ? numberToBytesBE(this.secpScalar(wallet.index), 32)
      : this.edSeed(wallet.index);
  }

  /** [client share, service share] of the pair `pairId` of a wallet. */
  private split(wallet: SeededWallet, pairId: string): [ShareValue, ShareValue] {
    return splitWith(wallet.curve, this.secretOf(wallet), sha256(utf8(`${this.seed}:share:${pairId}`)));
  }

  private derive(wallet: SeededWallet): WalletKeys {
    const { signingPair, backupPair } = wallet;
    const backups: BackupPair[] = backupPair
      ? [
          {
            ...backupPair,
            custodianShare: this.split(wallet, backupPair.id)[1].toString(10),
            ssid: Buffer.from(sha256(utf8(`${this.seed}:ssid:${backupPair.id}`))).toString("base64"),
            encryptedClientBackupShare: null,
          },
        ]
      : [];
    return {
      id: wallet.id,
      clientId: wallet.clientId,
      curve: wallet.curve,
      createdAt: wallet.createdAt,
      publicKey: wallet.publicKey,
      signing: [{ ...signingPair, serverShare: this.split(wallet, signingPair.id)[1].toString(10), active: true }],
      backups,
    };
  }
}
