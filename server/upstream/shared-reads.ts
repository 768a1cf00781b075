import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Endpoint } from "@/lib/contracts/endpoints";
import { getEnv } from "@/server/env";
import { isSecretField } from "@/server/redact";

/**
 * Reads that staff share, coalesced and briefly cached in this process: N people opening the
 * clients list at once cost one upstream request, and the same list asked for again within
 * CONSOLE_SHARED_READ_TTL_MS costs none. Without it, fifty quick reads of one page take a quarter of
 * the custodian's 200 requests a minute.
 *
 * Only the endpoints below are shareable: read-only GETs under the custodian key whose answers hold
 * no secret (no session token, OTP, API key or share) and are the same for every staff member who
 * may open the page. Anything else is refused, and so is any endpoint whose response schema has a
 * field the redaction list calls secret, whatever this list says.
 *
 * An answer is keyed by endpoint, path parameters, query and credential scope (a hash of the
 * upstream and its key, never the key). Errors are never kept. A write through the upstream clients
 * drops the answers it may change (`invalidateAfter`, wired into every client in ./index.ts), and a
 * read already under way when that happens is neither joined afterwards nor kept. The cache is per
 * process: another console instance may serve an answer up to the TTL older.
 */
export const SHAREABLE_ENDPOINTS = [
  "listClients",
  "retrieveClient",
  "listAlertWebhooks",
  "listAlertWebhookEvents",
  "getGasSponsorUsage",
] as const;
export type ShareableEndpointId = (typeof SHAREABLE_ENDPOINTS)[number];

const shareable = new Set<string>(SHAREABLE_ENDPOINTS);

/**
 * What a call to an endpoint may change among the shared reads. Unlisted writes (MPC sends and
 * signatures, yield actions, backups, recoveries) may add wallets to a client or spend sponsored gas.
 */
const AFFECTS: Record<string, readonly ShareableEndpointId[]> = {
  // A new client: no other client's record changes.
  createClient: ["listClients"],
  createClientSession: [],
  // Builds an unsigned transfer: nothing is sent.
  buildTransaction: [],
  enableEject: ["listClients", "retrieveClient"],
  // A GET that hands out the backup shares, after which the upstream reports the client ejected.
  getEjectableBackupShares: ["listClients", "retrieveClient"],
  replayFailedAlertWebhookEvents: ["listAlertWebhookEvents"],
  retryAlertsByBlockNumber: ["listAlertWebhookEvents"],
  // Deprecated formatting helpers only read.
  formatWalletAlert: [],
  formatAlerts: [],
};
const UNLISTED_WRITE: readonly ShareableEndpointId[] = ["listClients", "retrieveClient", "getGasSponsorUsage"];

/** The shared reads a call to `endpoint` may have changed. */
export function affectedBy(endpoint: Endpoint): readonly ShareableEndpointId[] {
  const listed = AFFECTS[endpoint.id];
  if (listed) return listed;
  const reads = endpoint.method === "GET" || endpoint.idempotent === true;
  return reads ? [] : UNLISTED_WRITE;
}

const refusals = new WeakMap<Endpoint, string | null>();

/** Why `endpoint` may not be shared, or null when it may. */
export function refusalOf(endpoint: Endpoint): string | null {
  const known = refusals.get(endpoint);
  if (known !== undefined) return known;
  let reason: string | null = null;
  if (!shareable.has(endpoint.id)) reason = "it is not one of the shareable reads";
  else if (endpoint.handsOutSecret) reason = "it hands out a secret";
  else if (endpoint.method !== "GET" || endpoint.auth !== "custodian")
    reason = "only GETs under the custodian key are shared";
  else {
    const secret = secretFieldIn(endpoint.response);
    if (secret) reason = `its answer has a secret field (${secret})`;
  }
  refusals.set(endpoint, reason);
  return reason;
}

/** The first property name anywhere in the schema that the redaction list calls secret. */
function secretFieldIn(schema: z.ZodType): string | undefined {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { unrepresentable: "any", io: "output" });
  } catch {
    return "(the schema could not be inspected)";
  }
  const walk = (node: unknown): string | undefined => {
    if (typeof node !== "object" || node === null) return undefined;
    if (Array.isArray(node)) {
      for (const item of node) {
        const found = walk(item);
        if (found) return found;
      }
      return undefined;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.properties === "object" && record.properties !== null)
      for (const key of Object.keys(record.properties)) if (isSecretField(key)) return key;
    for (const value of Object.values(record)) {
      const found = walk(value);
      if (found) return found;
    }
    return undefined;
  };
  return walk(json);
}

export class NotShareableError extends Error {
  override name = "NotShareableError";
}

/** A credential's scope for the keys: a hash of the upstream and the credential, never the credential itself. */
export function credentialScope(baseUrl: string, credential: string): string {
  return createHash("sha256").update(`${baseUrl}\n${credential}`).digest("hex").slice(0, 24);
}

export interface SharedRead {
  endpoint: Endpoint;
  params?: Readonly<Record<string, string | number>>;
  query?: object;
  /** credentialScope() of the credential the read is made with. */
  scope: string;
  /**
   * How long this answer is kept instead of the TTL: counts a page says are up to a minute old. Part of
   * the key, so a long-kept answer never serves a read that wants the TTL's freshness.
   */
  keepMs?: number;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

interface InFlight {
  promise: Promise<unknown>;
  generation: number;
}

/** Enough for every page and filter a team has open; the oldest answer goes first. */
const MAX_ENTRIES = 500;

export class SharedReads {
  readonly ttlMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();
  readonly #inFlight = new Map<string, InFlight>();
  /** Moved on by each invalidation of an endpoint: a read that began before it is not kept. */
  readonly #generations = new Map<string, number>();

  constructor(options: { ttlMs: number; now?: () => number }) {
    if (!(Number.isInteger(options.ttlMs) && options.ttlMs >= 0))
      throw new RangeError(`shared read TTL must be a whole number of ms ≥ 0, got ${options.ttlMs}`);
    this.ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
  }

  /** Answers kept now (expired ones included until they are next looked at). */
  get size() {
    return this.#entries.size;
  }

  /**
   * `load()`'s answer for this read: the kept one while it is fresh, the one under way if an
   * identical read is in flight, else a new call. The value is shared: callers must not mutate it.
   */
  read<T>(read: SharedRead, load: () => Promise<T>): Promise<T> {
    const refusal = refusalOf(read.endpoint);
    if (refusal) return Promise.reject(new NotShareableError(`${read.endpoint.id} is not shared: ${refusal}`));
    const key = keyOf(read);
    const now = this.#now();
    const kept = this.#entries.get(key);
    if (kept) {
      if (kept.expiresAt > now) return Promise.resolve(kept.value as T);
      this.#entries.delete(key);
    }
    const flying = this.#inFlight.get(key);
    if (flying) return flying.promise as Promise<T>;

    const id = read.endpoint.id;
    const generation = this.#generations.get(id) ?? 0;
    const promise = (async () => load())();
    const entry: InFlight = { promise, generation };
    this.#inFlight.set(key, entry);
    promise.then(
      (value) => {
        if (this.#inFlight.get(key) === entry) this.#inFlight.delete(key);
        const keepMs = read.keepMs ?? this.ttlMs;
        if (keepMs > 0 && (this.#generations.get(id) ?? 0) === generation) this.#keep(key, value, keepMs);
      },
      () => {
        // Errors are never kept: the next caller asks again.
        if (this.#inFlight.get(key) === entry) this.#inFlight.delete(key);
      },
    );
    return promise;
  }

  #keep(key: string, value: unknown, keepMs: number) {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.#now() + keepMs });
    if (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /** Drops every kept and in-flight answer of these endpoints (any scope, any parameters). */
  invalidate(endpointIds: Iterable<string>) {
    for (const id of endpointIds) {
      this.#generations.set(id, (this.#generations.get(id) ?? 0) + 1);
      const prefix = `${id} `;
      for (const key of this.#entries.keys()) if (key.startsWith(prefix)) this.#entries.delete(key);
      for (const key of this.#inFlight.keys()) if (key.startsWith(prefix)) this.#inFlight.delete(key);
    }
  }

  /** A call to `endpoint` has settled: drop what it may have changed. */
  invalidateAfter(endpoint: Endpoint) {
    const affected = affectedBy(endpoint);
    if (affected.length > 0) this.invalidate(affected);
  }
}

function keyOf(read: SharedRead): string {
  const kept = read.keepMs === undefined ? "" : ` keep=${read.keepMs}`;
  return `${read.endpoint.id} ${read.scope} ${stableJson(read.params ?? {})} ${stableJson(read.query ?? {})}${kept}`;
}

/** JSON with object keys sorted and undefined values left out, so equal parameters make one key. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

// On globalThis: Next bundles server code per layer, and the pages, route handlers and actions must
// share one cache (and one invalidation) per process.
const store = globalThis as { consoleSharedReads?: SharedReads };

/** The process's shared reads, with CONSOLE_SHARED_READ_TTL_MS. */
export function getSharedReads(): SharedReads {
  const ttlMs = getEnv().CONSOLE_SHARED_READ_TTL_MS;
  if (store.consoleSharedReads?.ttlMs !== ttlMs) store.consoleSharedReads = new SharedReads({ ttlMs });
  return store.consoleSharedReads;
}
