import "server-only";
import { setTimeout as delay } from "node:timers/promises";
import pino from "pino";
import { createPublicClient, http, type PublicClient } from "viem";
import { expect, vi } from "vitest";
import { rpcUrlFor } from "@/lib/chains";
import type { CurveShares } from "@/lib/contracts";
import { loadSandboxEnv } from "@/sandbox/env";
import { startSandbox, type StartedSandbox, type StartSandboxOptions } from "@/sandbox/start";
import { AdminClient } from "@/server/upstream/admin";
import type { Credential, UpstreamClientOptions } from "@/server/upstream/core";
import { BadRequestError, type UpstreamError } from "@/server/upstream/errors";
import { MpcClient } from "@/server/upstream/mpc";
import { SlidingWindowRateLimiter } from "@/server/upstream/sliding-window";
import { TEST_DELIVERY_TIMINGS } from "@/testing/delivery-timings";

/**
 * The conformance suite's upstream: by default a sandbox started in this process on ephemeral ports
 * (sandbox/start.ts, composed exactly as `npm run sandbox`), reached over real HTTP through the
 * console's own clients. With PORTAL_BASE_URL, PORTAL_MPC_URL and PORTAL_CUSTODIAN_API_KEY set, the
 * same tests run against that upstream instead: nothing is started, sandbox-only assertions are
 * skipped, and cases that create or move anything run only with CONFORMANCE_DESTRUCTIVE=1.
 */

const REAL_VARS = ["PORTAL_BASE_URL", "PORTAL_MPC_URL", "PORTAL_CUSTODIAN_API_KEY"] as const;
const realSet = REAL_VARS.filter((name) => process.env[name]);
if (realSet.length > 0 && realSet.length < REAL_VARS.length)
  throw new Error(
    `Conformance: set all of ${REAL_VARS.join(", ")} to test a real upstream, or none to test the sandbox (set: ${realSet.join(", ")})`,
  );

/** The suite runs against a real upstream, not a sandbox of its own. */
export const REAL_UPSTREAM = realSet.length === REAL_VARS.length;
/** Cases that create clients, move funds, eject or replay: always on the sandbox, opt-in on a real upstream. */
export const DESTRUCTIVE = !REAL_UPSTREAM || process.env.CONFORMANCE_DESTRUCTIVE === "1";
/** Assertions about the sandbox itself (fault header, seeded data, its knobs and choices). */
export const SANDBOX = !REAL_UPSTREAM;

// A real upstream is slower than a sandbox on loopback, and the rate limiter may make calls wait.
if (REAL_UPSTREAM) vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

/** The custodian key of the sandboxes this suite starts. */
export const SANDBOX_KEY = "conformance-custodian-key";

/** The clients' request log lines would only be noise here. */
const quietLogger = pino({ level: "silent" });

export interface HarnessOptions {
  /** SANDBOX_* variables of the sandbox (ignored against a real upstream). */
  env?: Record<string, string>;
  /** A clock the test can move forward (sandbox only): `advance(ms)`. */
  movableClock?: boolean;
}

export interface Upstream {
  real: boolean;
  baseUrl: string;
  mpcUrl: string;
  custodianKey: string;
  /** The custodian administration client every test uses. */
  admin: AdminClient;
  /** Another administration client against the same upstream, with different options (key, timeout, fetch…). */
  adminWith(overrides?: Partial<UpstreamClientOptions>): AdminClient;
  /** An MPC client acting with a client API key, a session token or a BearerProvider. */
  mpc(credential: Credential, overrides?: Partial<UpstreamClientOptions>): MpcClient;
  /** The upstream's JSON-RPC gateway for an eip155 chain: {base_url}/rpc/v1/eip155/<reference>. */
  rpcUrl(chainId: string): string;
  /** A viem client on that gateway, for receipts and nonces. */
  chain(chainId: string): PublicClient;
  /** Moves the sandbox clock forward (movableClock only). */
  advance(ms: number): void;
  /** The in-process sandbox, for sandbox-only assertions; undefined against a real upstream. */
  sandbox: StartedSandbox | undefined;
  close(): Promise<void>;
}

function clientOptions(real: boolean): Partial<UpstreamClientOptions> {
  return {
    logger: quietLogger,
    // Against the sandbox, short backoff keeps the retry cases fast; a real upstream gets the defaults.
    ...(real ? {} : { retryDelays: { initialMs: 20, maxMs: 100 } }),
  };
}

export async function startUpstream(options: HarnessOptions = {}): Promise<Upstream> {
  let started: StartedSandbox | undefined;
  let offsetMs = 0;
  let baseUrl: string;
  let mpcUrl: string;
  let custodianKey: string;

  if (REAL_UPSTREAM) {
    baseUrl = (process.env.PORTAL_BASE_URL as string).replace(/\/+$/, "");
    mpcUrl = (process.env.PORTAL_MPC_URL as string).replace(/\/+$/, "");
    custodianKey = process.env.PORTAL_CUSTODIAN_API_KEY as string;
  } else {
    const start: StartSandboxOptions = {
      env: loadSandboxEnv({
        SANDBOX_CUSTODIAN_API_KEY: SANDBOX_KEY,
        SANDBOX_SEED_CLIENTS: "40",
        SANDBOX_SEED_EVENTS: "5000",
        ...options.env,
      }),
      port: 0,
      mpcPort: 0,
      chainLog: () => undefined,
      mpcLog: () => undefined,
      // Deliveries judged within 5 s (the slow receiver answers after 7 s), held "timeout" faults dropped
      // after 2 s. The receivers run in this process: on a starved machine (npm test -- --stress) the
      // accepting one took over a second to answer, was judged failed, and got every alert twice.
      timings: { ...TEST_DELIVERY_TIMINGS, faultHoldMs: 2_000 },
      ...(options.movableClock ? { now: () => Date.now() + offsetMs } : {}),
    };
    started = await startSandbox(start);
    baseUrl = started.baseUrl;
    mpcUrl = started.mpcUrl;
    custodianKey = SANDBOX_KEY;
  }

  const real = REAL_UPSTREAM;
  // A real upstream allows 200 requests/minute per custodian key (api-shapes §0); vitest runs two files
  // at once, each with its own limiter, so each file keeps under half of that. MPC calls use a key per
  // client, each with its own budget, which no file comes near.
  const adminLimiter = real ? new SlidingWindowRateLimiter({ limit: 90 }) : undefined;
  const adminWith = (overrides: Partial<UpstreamClientOptions> = {}) =>
    new AdminClient({
      baseURL: baseUrl,
      apiKey: custodianKey,
      rateLimiter: adminLimiter,
      ...clientOptions(real),
      ...overrides,
    });
  const chains = new Map<string, PublicClient>();
  const rpcUrl = (chainId: string) => {
    const url = rpcUrlFor(baseUrl, chainId);
    if (!url) throw new Error(`${chainId} is not an eip155 chain`);
    return url;
  };

  return {
    real,
    baseUrl,
    mpcUrl,
    custodianKey,
    admin: adminWith(),
    adminWith,
    mpc: (credential, overrides = {}) =>
      new MpcClient({ baseURL: mpcUrl, apiKey: credential, timeout: 60_000, ...clientOptions(real), ...overrides }),
    rpcUrl,
    chain(chainId) {
      let client = chains.get(chainId);
      if (!client) {
        const headers = real ? { authorization: `Bearer ${custodianKey}` } : undefined;
        client = createPublicClient({ transport: http(rpcUrl(chainId), { fetchOptions: { headers }, retryCount: 0 }) });
        chains.set(chainId, client);
      }
      return client;
    },
    advance(ms) {
      if (!options.movableClock || real)
        throw new Error("advance() needs startUpstream({ movableClock: true }) on the sandbox");
      offsetMs += ms;
    },
    sandbox: started,
    close: async () => started?.close(),
  };
}

type NotYet = undefined | null | false;

/**
 * Polls `probe` until it returns something other than undefined, null or false (a receipt that is
 * still null, an event not there yet), at most `timeoutMs`; a probe that throws counts as not yet. For
 * state that settles in the background (deliveries, receipts): never a fixed sleep.
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | NotYet> | T | NotYet,
  { timeoutMs = 60_000, intervalMs = 25 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() >= deadline)
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}; last: ${last instanceof Error ? last.message : JSON.stringify(last)}`,
      );
    await delay(intervalMs);
  }
}

type ErrorClass<E extends UpstreamError> = abstract new (...args: never[]) => E;

/** Awaits a call that must fail with an UpstreamError of `type` (and `status`, when given); returns it. */
export async function rejection<E extends UpstreamError>(
  call: PromiseLike<unknown>,
  type: ErrorClass<E>,
  status?: number,
): Promise<E> {
  let error: unknown;
  try {
    await call;
  } catch (e) {
    error = e;
  }
  expect(error, "the call should have failed").toBeInstanceOf(type);
  if (status !== undefined) expect((error as UpstreamError).status).toBe(status);
  return error as E;
}

/** The upstream's 400 for a call; against the sandbox the message must match `message`. */
export async function badRequest(call: PromiseLike<unknown>, message?: RegExp) {
  const error = await rejection(call, BadRequestError, 400);
  if (message && SANDBOX) expect(error.upstreamMessage ?? "").toMatch(message);
  return error;
}

export interface WalletClient {
  id: string;
  clientApiKey: string;
  clientSessionToken: string;
  mpc: MpcClient;
  shares: CurveShares;
  /** The EVM address from the client read (metadata.namespaces.eip155.address). */
  address: `0x${string}`;
}

/** A new client with its two wallets (create → generate → read). Destructive on a real upstream. */
export async function createWalletClient(up: Upstream): Promise<WalletClient> {
  const created = await up.admin.clients.create({});
  const mpc = up.mpc(created.clientApiKey);
  const shares = await mpc.generate();
  const read = await up.admin.clients.retrieve(created.id);
  const address = read.metadata.namespaces.eip155?.address;
  if (!address) throw new Error(`client ${created.id} has no eip155 address after generate`);
  return {
    id: created.id,
    clientApiKey: created.clientApiKey,
    clientSessionToken: created.clientSessionToken,
    mpc,
    shares,
    address: address as `0x${string}`,
  };
}
