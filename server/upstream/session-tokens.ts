import "server-only";
import type { BearerProvider } from "./core";

/**
 * Client session tokens for the client-scoped APIs (MPC, yield), minted with the custodian key
 * (POST .../clients/{clientId}/sessions) and reused for a short while, so a yield run of many
 * calls mints one token rather than one per call. Tokens live only in this process's memory and
 * are never logged; the real API keeps a token alive for 24 h of activity, so a few minutes here
 * is far inside its life.
 */

export const DEFAULT_SESSION_TOKEN_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

export type MintSessionToken = (clientId: string) => Promise<string>;

interface Entry {
  token?: string;
  expiresAt: number;
  /** A mint in flight, shared by concurrent callers. */
  pending?: Promise<string>;
}

export class SessionTokenCache {
  readonly #mint: MintSessionToken;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();

  constructor(mint: MintSessionToken, options: { ttlMs?: number; now?: () => number } = {}) {
    this.#mint = mint;
    this.#ttlMs = options.ttlMs ?? DEFAULT_SESSION_TOKEN_TTL_MS;
    this.#now = options.now ?? Date.now;
  }

  /** A valid token for the client, minting one when none is cached or it expired. */
  async get(clientId: string): Promise<string> {
    const entry = this.#entries.get(clientId);
    if (entry?.token && entry.expiresAt > this.#now()) return entry.token;
    if (entry?.pending) return entry.pending;
    const pending = this.#mint(clientId);
    this.#entries.set(clientId, { expiresAt: 0, pending });
    try {
      const token = await pending;
      this.#prune();
      this.#entries.set(clientId, { token, expiresAt: this.#now() + this.#ttlMs });
      return token;
    } catch (error) {
      this.#entries.delete(clientId);
      throw error;
    }
  }

  /** Forgets the client's token, unless it was already replaced by a newer one than `staleToken`. */
  invalidate(clientId: string, staleToken?: string) {
    const entry = this.#entries.get(clientId);
    if (!entry || entry.pending) return;
    if (staleToken === undefined || entry.token === staleToken) this.#entries.delete(clientId);
  }

  clear() {
    this.#entries.clear();
  }

  /** The credential of an MPC or yield client acting for `clientId`. */
  bearerFor(clientId: string): BearerProvider {
    return { token: () => this.get(clientId), invalidate: (token) => this.invalidate(clientId, token) };
  }

  #prune() {
    const now = this.#now();
    for (const [id, entry] of this.#entries) if (!entry.pending && entry.expiresAt <= now) this.#entries.delete(id);
    // Map iteration is insertion order, so this drops the oldest.
    while (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}
