/**
 * The service's half of every wallet: server signing shares and custodian backup shares, persisted in
 * `<dir>/keys.json` so wallets survive a restart. It is also the BackupShareSource the administration
 * routes read for key ejection.
 *
 * Seeded clients' wallets come from a SeededKeySource: derived from the seed when read, never saved,
 * like the seeded clients themselves. A seeded wallet that changes (a new backup, a recovery) is copied
 * into the store and saved from then on, and the saved copy wins over the seed at the next start.
 *
 * The file holds key material in plain text (mode 0600). That is acceptable only because the sandbox's
 * keys guard local test chains; the real service keeps its shares in an enclave.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { witnessSecret } from "../state/secret-witness";
import type { BackupSharePairRecord, BackupShareSource, Curve } from "../types";
import type { PublicKeyJson } from "./key-shares";

export interface SigningPair {
  id: string;
  createdAt: string;
  /** Decimal integer. */
  serverShare: string;
  /** A recovery replaces the signing pairs of a wallet; the replaced ones stop signing. */
  active: boolean;
}

export interface BackupPair {
  id: string;
  createdAt: string;
  backupMethod: BackupSharePairRecord["backupMethod"];
  /** Decimal integer; with the client's backup share it rebuilds the key (recover, eject). */
  custodianShare: string;
  ssid: string;
  encryptedClientBackupShare: string | null;
}

export interface WalletKeys {
  id: string;
  clientId: string;
  curve: Curve;
  createdAt: string;
  publicKey: PublicKeyJson;
  signing: SigningPair[];
  backups: BackupPair[];
}

/** The service's halves of the seeded clients' wallets, derived on demand (sandbox/seed/client-keys.ts). */
export interface SeededKeySource {
  wallet(walletId: string): WalletKeys | undefined;
  walletsOf(clientId: string): WalletKeys[];
  findBackupPair(pairId: string): { wallet: WalletKeys; pair: BackupPair } | undefined;
}

interface StoreFile {
  version: 1;
  wallets: WalletKeys[];
}

export class KeyStore implements BackupShareSource {
  private readonly wallets = new Map<string, WalletKeys>();
  private readonly file: string | undefined;
  private seeded: SeededKeySource | undefined;

  /** `dir` undefined keeps keys in memory only (tests). */
  constructor(dir?: string) {
    if (dir) {
      mkdirSync(dir, { recursive: true });
      this.file = join(dir, "keys.json");
      if (existsSync(this.file)) {
        const stored = JSON.parse(readFileSync(this.file, "utf8")) as StoreFile;
        for (const wallet of stored.wallets) this.wallets.set(wallet.id, wallet);
      }
    }
  }

  /** Serves the seeded clients' wallets (the composition root attaches them once seeding is done). */
  attachSeeded(source: SeededKeySource): void {
    this.seeded = source;
  }

  walletsOf(clientId: string): WalletKeys[] {
    const stored = [...this.wallets.values()].filter((w) => w.clientId === clientId);
    const seeded = this.seeded?.walletsOf(clientId).filter((w) => !this.wallets.has(w.id)) ?? [];
    return [...stored, ...seeded];
  }

  wallet(walletId: string): WalletKeys | undefined {
    return this.wallets.get(walletId) ?? this.seeded?.wallet(walletId);
  }

  /** Stores new wallets and their first signing pairs in one write. */
  addWallets(wallets: WalletKeys[]): void {
    for (const wallet of wallets) this.wallets.set(wallet.id, wallet);
    this.save();
  }

  /** Adds a signing pair per wallet and retires the wallets' previous ones (recovery). */
  replaceSigningPairs(pairs: { walletId: string; pair: SigningPair }[]): void {
    for (const { walletId, pair } of pairs) {
      const wallet = this.required(walletId);
      for (const old of wallet.signing) old.active = false;
      wallet.signing.push(pair);
    }
    this.save();
  }

  addBackupPairs(pairs: { walletId: string; pair: BackupPair }[]): void {
    for (const { walletId, pair } of pairs) this.required(walletId).backups.push(pair);
    this.save();
  }

  findBackupPair(pairId: string): { wallet: WalletKeys; pair: BackupPair } | undefined {
    for (const wallet of this.wallets.values()) {
      const pair = wallet.backups.find((p) => p.id === pairId);
      if (pair) return { wallet, pair };
    }
    const seeded = this.seeded?.findBackupPair(pairId);
    return seeded && !this.wallets.has(seeded.wallet.id) ? seeded : undefined;
  }

  /** For the client API's cipher-text upload (api-shapes §1.9), should the administration service add it. */
  setEncryptedClientBackupShare(clientId: string, backupSharePairId: string, cipherText: string): boolean {
    const found = this.findBackupPair(backupSharePairId);
    if (!found || found.wallet.clientId !== clientId) return false;
    const pair = this.required(found.wallet.id).backups.find((p) => p.id === backupSharePairId);
    if (!pair) return false;
    pair.encryptedClientBackupShare = cipherText;
    this.save();
    return true;
  }

  /** The latest backup of the wallet: its custodian backup share as a JSON string (api-shapes §1.9). */
  ejectableBackupShares(clientId: string, walletId: string) {
    const wallet = this.wallet(walletId);
    const pair = wallet?.clientId === clientId ? wallet.backups.at(-1) : undefined;
    if (!wallet || !pair) return undefined;
    const custodianBackupShare = JSON.stringify({
      backupSharePairId: pair.id,
      clientId,
      curve: wallet.curve,
      share: pair.custodianShare,
      ssid: pair.ssid,
      x: wallet.publicKey.X,
      ...(wallet.publicKey.Y === undefined ? {} : { y: wallet.publicKey.Y }),
    });
    witnessSecret("share", custodianBackupShare);
    witnessSecret("share-value", String(pair.custodianShare));
    return { encryptedClientBackupShare: pair.encryptedClientBackupShare, custodianBackupShare };
  }

  /** The stored wallet to change; a seeded one is copied into the store first, so the change is saved. */
  private required(walletId: string): WalletKeys {
    const stored = this.wallets.get(walletId);
    if (stored) return stored;
    const seeded = this.seeded?.wallet(walletId);
    if (!seeded) throw new Error(`Unknown wallet ${walletId}`);
    const copy = structuredClone(seeded);
    this.wallets.set(walletId, copy);
    return copy;
  }

  private save(): void {
    if (!this.file) return;
    const content: StoreFile = { version: 1, wallets: [...this.wallets.values()] };
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(content), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}

/** Opens (or creates) the key store under `dir`; the base service passes the same instance to the admin routes. */
export function openKeyStore(dir?: string): KeyStore {
  return new KeyStore(dir);
}
