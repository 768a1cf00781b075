/**
 * The custodian's clients and their credentials: the administration service's source of truth and
 * the ClientDirectory the MPC service resolves bearers through.
 *
 * Order: (createdAt, id) ascending. A new client is stamped no earlier than the newest one and its
 * id sorts after any id of the same millisecond, so it always lands at the end of the list: a cursor
 * walk that runs while clients are being created never skips or repeats one.
 */
import { randomInt } from "node:crypto";
import type {
  BackupSharePairRecord,
  ClientDirectory,
  ClientRecord,
  Curve,
  GeneratedWallet,
  NamespaceAddresses,
  WalletRecord,
} from "../types";
import { createIdGenerator, type IdGenerator } from "./ids";
import { witnessSecret } from "./secret-witness";
import { hashSecret, newSecret } from "./secrets";
import type { PersistedSection } from "./state-file";

/** Session lifetime as the real service documents it: 24 h idle, refresh stops 7 days after issue. */
export const SESSION_IDLE_MS = 24 * 3_600_000;
export const SESSION_MAX_MS = 7 * 24 * 3_600_000;
/** OTPs are short-lived and single-use (the spec is silent; 10 minutes is this sandbox's choice). */
export const OTP_TTL_MS = 10 * 60_000;

interface Credential {
  clientId: string;
  kind: "apiKey" | "session";
  issuedAt: number;
  lastUsedAt: number;
}

interface Otp {
  clientId: string;
  expiresAt: number;
}

interface Saved {
  clients: ClientRecord[];
  /** Keyed by the SHA-256 of the secret; the secret itself is never stored. */
  credentials: Record<string, Credential>;
  otps: Record<string, Otp>;
}

export interface ClientPage {
  clients: ClientRecord[];
  /** Id of the last client of the page, or null when the page reaches the end. */
  cursor: string | null;
  total: number;
}

export class UnknownCursorError extends Error {}

export class ClientStore implements ClientDirectory, PersistedSection {
  private readonly ordered: ClientRecord[] = [];
  private readonly position = new Map<string, number>();
  /** Ids whose record differs from (or is absent in) the seed: the only clients saved to disk. */
  private readonly changed = new Set<string>();
  private readonly credentials = new Map<string, Credential>();
  private readonly otps = new Map<string, Otp>();
  private readonly byEvmAddress = new Map<string, string>();
  private readonly ids: IdGenerator;

  constructor(
    seeded: ClientRecord[],
    private readonly onChange: () => void = () => {},
    private readonly now: () => number = Date.now,
  ) {
    this.ids = createIdGenerator(() => randomInt(2 ** 32) / 2 ** 32);
    for (const client of seeded) this.insert(client);
  }

  // ---- ClientDirectory -----------------------------------------------------------------------

  get(clientId: string): ClientRecord | undefined {
    const i = this.position.get(clientId);
    return i === undefined ? undefined : this.ordered[i];
  }

  resolveClientBearer(token: string): ClientRecord | undefined {
    const hash = hashSecret(token);
    const cred = this.credentials.get(hash);
    if (!cred) return undefined;
    const now = this.now();
    if (cred.kind === "session" && (now - cred.lastUsedAt > SESSION_IDLE_MS || now - cred.issuedAt > SESSION_MAX_MS)) {
      this.credentials.delete(hash);
      this.onChange();
      return undefined;
    }
    // Saving every use would rewrite the state file on every MPC call; a minute's precision is plenty.
    if (now - cred.lastUsedAt > 60_000) this.onChange();
    cred.lastUsedAt = now;
    return this.get(cred.clientId);
  }

  /** Whether a token is a live client credential, without counting it as a use. */
  isClientCredential(token: string): boolean {
    return this.credentials.has(hashSecret(token));
  }

  recordWallets(clientId: string, wallets: GeneratedWallet[], namespaces: NamespaceAddresses): void {
    const client = this.require(clientId);
    this.unindexAddress(client);
    client.wallets = wallets.map((w) => ({
      id: w.id,
      createdAt: w.signingSharePair.createdAt,
      curve: w.curve,
      publicKey: w.publicKey,
      ejectableUntil: null,
      backupSharePairs: [],
      signingSharePairs: [w.signingSharePair],
    }));
    client.namespaces = namespaces;
    this.indexAddress(client);
    this.touch(clientId);
  }

  recordBackup(clientId: string, curve: Curve, pair: BackupSharePairRecord): void {
    const wallet = this.require(clientId).wallets.find((w) => w.curve === curve);
    if (!wallet) throw new Error(`client ${clientId} has no ${curve} wallet`);
    wallet.backupSharePairs = [...wallet.backupSharePairs.filter((p) => p.id !== pair.id), pair];
    this.touch(clientId);
  }

  // ---- administration ------------------------------------------------------------------------

  create(input: { isAccountAbstracted: boolean }): {
    client: ClientRecord;
    clientApiKey: string;
    clientSessionToken: string;
  } {
    const last = this.ordered.at(-1);
    const lastMs = last ? Date.parse(last.createdAt) : 0;
    const createdMs = Math.max(this.now(), lastMs);
    let id = this.ids.next(createdMs);
    // Another generator (a previous run, the seed) may have used this millisecond with a larger id.
    while (last && createdMs === lastMs && id <= last.id) id = this.ids.next(createdMs);
    const client: ClientRecord = {
      id,
      createdAt: new Date(createdMs).toISOString(),
      isAccountAbstracted: input.isAccountAbstracted,
      ejectedAt: null,
      namespaces: {},
      wallets: [],
    };
    this.insert(client);
    this.touch(id);
    return { client, clientApiKey: this.issue(id, "apiKey"), clientSessionToken: this.issue(id, "session") };
  }

  newSession(clientId: string): string {
    this.require(clientId);
    return this.issue(clientId, "session");
  }

  newWebOtp(clientId: string): string {
    this.require(clientId);
    const otp = newSecret(18);
    witnessSecret("web-otp", otp);
    this.otps.set(hashSecret(otp), { clientId, expiresAt: this.now() + OTP_TTL_MS });
    this.pruneOtps();
    this.onChange();
    return otp;
  }

  /** Exchanges a web OTP once: the client it was issued for, or undefined if unknown or expired. */
  redeemWebOtp(otp: string): ClientRecord | undefined {
    const hash = hashSecret(otp);
    const entry = this.otps.get(hash);
    if (!entry) return undefined;
    this.otps.delete(hash);
    this.onChange();
    return entry.expiresAt > this.now() ? this.get(entry.clientId) : undefined;
  }

  /** Clients after `cursor` (an id), `take` of them, in list order. */
  page(cursor: string | undefined, take: number): ClientPage {
    let start = 0;
    if (cursor !== undefined) {
      const at = this.position.get(cursor);
      if (at === undefined) throw new UnknownCursorError(cursor);
      start = at + 1;
    }
    const clients = this.ordered.slice(start, start + take);
    const reachedEnd = start + clients.length >= this.ordered.length;
    return { clients, cursor: reachedEnd ? null : (clients.at(-1)?.id ?? null), total: this.ordered.length };
  }

  get size(): number {
    return this.ordered.length;
  }

  /** Every client in list order (seeding of events and payloads reads addresses from it). */
  all(): readonly ClientRecord[] {
    return this.ordered;
  }

  wallet(clientId: string, walletId: string): WalletRecord | undefined {
    return this.get(clientId)?.wallets.find((w) => w.id === walletId);
  }

  setEjectableUntil(clientId: string, walletId: string, until: string | null): void {
    const wallet = this.wallet(clientId, walletId);
    if (!wallet) throw new Error(`wallet ${walletId} is not a wallet of client ${clientId}`);
    wallet.ejectableUntil = until;
    this.touch(clientId);
  }

  /** The client whose EVM address (EOA or smart account) this is, case-insensitively. */
  clientIdByEvmAddress(address: string): string | undefined {
    return this.byEvmAddress.get(address.toLowerCase());
  }

  // ---- persistence ---------------------------------------------------------------------------

  dump(): Saved {
    return {
      clients: [...this.changed].map((id) => this.get(id)).filter((c): c is ClientRecord => c !== undefined),
      credentials: Object.fromEntries(this.credentials),
      otps: Object.fromEntries(this.otps),
    };
  }

  load(data: unknown): void {
    const saved = data as Partial<Saved>;
    for (const client of saved.clients ?? []) {
      const existing = this.position.get(client.id);
      if (existing !== undefined) {
        const old = this.ordered[existing] as ClientRecord;
        this.unindexAddress(old);
        this.ordered[existing] = client;
        this.indexAddress(client);
      } else {
        this.insert(client);
      }
      this.changed.add(client.id);
    }
    for (const [hash, cred] of Object.entries(saved.credentials ?? {})) this.credentials.set(hash, cred);
    for (const [hash, otp] of Object.entries(saved.otps ?? {})) this.otps.set(hash, otp);
  }

  // ---- internals -----------------------------------------------------------------------------

  private issue(clientId: string, kind: Credential["kind"]): string {
    const secret = newSecret();
    witnessSecret(kind === "apiKey" ? "client-api-key" : "session-token", secret);
    const now = this.now();
    this.credentials.set(hashSecret(secret), { clientId, kind, issuedAt: now, lastUsedAt: now });
    this.onChange();
    return secret;
  }

  private insert(client: ClientRecord): void {
    const last = this.ordered.at(-1);
    if (!last || compareClients(last, client) < 0) {
      this.ordered.push(client);
      this.position.set(client.id, this.ordered.length - 1);
    } else {
      // Only loading a saved client older than a seeded one (the seed size changed) lands here.
      let lo = 0;
      let hi = this.ordered.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (compareClients(this.ordered[mid] as ClientRecord, client) < 0) lo = mid + 1;
        else hi = mid;
      }
      this.ordered.splice(lo, 0, client);
      for (let i = lo; i < this.ordered.length; i++) this.position.set((this.ordered[i] as ClientRecord).id, i);
    }
    this.indexAddress(client);
  }

  private indexAddress(client: ClientRecord): void {
    const address = client.namespaces.eip155?.address;
    if (address) this.byEvmAddress.set(address.toLowerCase(), client.id);
  }

  private unindexAddress(client: ClientRecord): void {
    const address = client.namespaces.eip155?.address;
    if (address && this.byEvmAddress.get(address.toLowerCase()) === client.id)
      this.byEvmAddress.delete(address.toLowerCase());
  }

  private require(clientId: string): ClientRecord {
    const client = this.get(clientId);
    if (!client) throw new Error(`unknown client ${clientId}`);
    return client;
  }

  private touch(clientId: string): void {
    this.changed.add(clientId);
    this.onChange();
  }

  private pruneOtps(): void {
    const now = this.now();
    for (const [hash, otp] of this.otps) if (otp.expiresAt <= now) this.otps.delete(hash);
  }
}

function compareClients(a: ClientRecord, b: ClientRecord): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
