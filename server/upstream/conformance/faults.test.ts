/**
 * Conformance: authentication (401 for a missing, malformed or wrong credential on both services) and
 * how the console's clients meet the upstream's failures, forced with the sandbox's knobs: the
 * `x-sandbox-fault` header (500, reset, timeout, malformed) and SANDBOX_RATE_LIMIT (429 + Retry-After).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints, type Endpoint } from "@/lib/contracts";
import { listClientsResponseSchema } from "@/lib/contracts";
import {
  createWalletClient,
  DESTRUCTIVE,
  rejection,
  SANDBOX,
  startUpstream,
  type Upstream,
} from "@/testing/conformance/harness";
import { recordingSleep } from "@/testing/upstream/scripted-upstream";
import {
  BadRequestError,
  ConnectionError,
  InvalidResponseError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from "../errors";

/** Requests per minute per token on this file's sandbox: far above what the tests send with the real key. */
const RATE_LIMIT = 40;

let up: Upstream;

beforeAll(async () => {
  up = await startUpstream({
    env: { SANDBOX_RATE_LIMIT: String(RATE_LIMIT), SANDBOX_SEED_CLIENTS: "5", SANDBOX_SEED_EVENTS: "50" },
  });
});
afterAll(() => up?.close());

/** A fetch that counts attempts and can change each request (add a fault header, drop a header…). */
function scriptedFetch(change: (headers: Headers, attempt: number) => void = () => undefined) {
  let attempts = 0;
  const fetchFn: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    change(headers, ++attempts);
    return fetch(input, { ...init, headers });
  };
  return { fetch: fetchFn, attempts: () => attempts };
}

/** The fault header on the first `count` attempts only (a one-shot fault), none after. */
const faultFirst = (kind: string, count = 1) =>
  scriptedFetch((headers, attempt) => {
    if (attempt <= count) headers.set("x-sandbox-fault", kind);
  });

const REQUEST_ID = /^req_[0-9a-f]{24}$/;

describe("authentication", () => {
  it("answers a missing Authorization header with 401 on both services", async () => {
    const noAuth = scriptedFetch((headers) => headers.delete("authorization"));
    await rejection(up.adminWith({ fetch: noAuth.fetch }).clients.list({ take: 1 }), UnauthorizedError, 401);
    await rejection(up.mpc("any", { fetch: noAuth.fetch }).generate(), UnauthorizedError, 401);
  });

  it("answers a malformed or wrong key with 401, never echoing it", async () => {
    for (const key of ["", "wrong-custodian-key-123"]) {
      const error = await rejection(up.adminWith({ apiKey: key }).clients.list({ take: 1 }), UnauthorizedError, 401);
      if (key) expect(JSON.stringify(error) + error.message + (error.upstreamMessage ?? "")).not.toContain(key);
    }
    await rejection(up.adminWith({ apiKey: "wrong-custodian-key-123" }).alerts.webhooks.list(), UnauthorizedError, 401);
    await rejection(up.mpc("wrong-client-key-123").generate(), UnauthorizedError, 401);
    await rejection(up.mpc("").generate(), UnauthorizedError, 401);
  });

  it("refuses the custodian key on the MPC service with 401", async () => {
    await rejection(up.mpc(up.custodianKey).generate(), UnauthorizedError, 401);
  });

  it.skipIf(!DESTRUCTIVE)("refuses a client API key or session token on the administration API with 401", async () => {
    const client = await up.admin.clients.create({});
    for (const token of [client.clientApiKey, client.clientSessionToken]) {
      const error = await rejection(
        up.adminWith({ apiKey: token }).clients.retrieve(client.id),
        UnauthorizedError,
        401,
      );
      if (SANDBOX) expect(error.upstreamMessage).toMatch(/client API key or session token was sent/);
    }
  });

  it.skipIf(!SANDBOX)("puts a request id on every response, 200 and 204 alike (sandbox)", async () => {
    const list = await up.admin.clients.list({ take: 1 }).withResponse();
    const retry = await up.admin.alerts
      .retryByBlockNumber({ chainReferenceId: "11155111", blockNumber: 123_456_789, streamId: "ids" })
      .withResponse();
    const client = await up.admin.clients.create({});
    const generate = await up.mpc(client.clientApiKey).generate().withResponse();
    for (const response of [list, retry, generate]) expect(response.requestId).toMatch(REQUEST_ID);
    expect(new Set([list, retry, generate].map((r) => r.requestId)).size).toBe(3);
  });

  it.skipIf(!SANDBOX)("says what was expected and carries the request id (sandbox)", async () => {
    const error = await rejection(
      up.adminWith({ apiKey: "wrong-custodian-key-123" }).clients.list({ take: 1 }),
      UnauthorizedError,
      401,
    );
    expect(error.upstreamMessage).toMatch(/custodian API key/);
    expect(error.requestId).toMatch(REQUEST_ID);
    const mpc = await rejection(up.mpc("wrong-client-key-123").generate(), UnauthorizedError, 401);
    expect(mpc.upstreamMessage).toBe("Invalid API key or client session token");
  });
});

describe.skipIf(!SANDBOX)("injected faults (x-sandbox-fault)", () => {
  it("retries a GET after a one-shot 500 and succeeds", async () => {
    const script = faultFirst("500");
    const response = await up.adminWith({ fetch: script.fetch }).clients.list({ take: 2 }).withResponse();
    expect(response.attempts).toBe(2);
    expect(response.data.results).toHaveLength(2);
    expect(script.attempts()).toBe(2);
  });

  it("surfaces a persistent 500 on a GET as ServerError after its retries", async () => {
    const script = faultFirst("500", Infinity);
    const error = await rejection(
      up.adminWith({ fetch: script.fetch, maxRetries: 2 }).clients.list({ take: 2 }),
      ServerError,
      500,
    );
    expect(script.attempts()).toBe(3);
    expect(error.requestId).toMatch(REQUEST_ID);
    expect(error.upstreamMessage).toMatch(/Simulated internal server error/);
  });

  it("does not resend a POST after a 500 (it may have taken effect)", async () => {
    const script = faultFirst("500", Infinity);
    await rejection(up.adminWith({ fetch: script.fetch }).clients.create({}), ServerError, 500);
    expect(script.attempts()).toBe(1);
    const mpcScript = faultFirst("500", Infinity);
    await rejection(up.mpc("any", { fetch: mpcScript.fetch }).generate(), ServerError, 500);
    expect(mpcScript.attempts()).toBe(1);
  });

  it("asks again for a read whose 200 body is cut off, then reports InvalidResponseError", async () => {
    const script = faultFirst("malformed", Infinity);
    const error = await rejection(
      up.adminWith({ fetch: script.fetch }).clients.list({ take: 2 }),
      InvalidResponseError,
      200,
    );
    expect(error.fieldPath).toBe("");
    expect(error.message).toMatch(/not JSON/);
    // A body that is not JSON at all is a transport failure: the read is sent again, twice.
    expect(script.attempts()).toBe(3);
  });

  it("reports a response that breaks the contract with the failing field's path", async () => {
    // The webhooks list read against the clients-list contract: a 200 whose shape is wrong for it.
    const mislabeled = { ...endpoints.listAlertWebhooks, response: listClientsResponseSchema } satisfies Endpoint;
    const error = await rejection(up.admin.call(mislabeled), InvalidResponseError, 200);
    expect(error.fieldPath).toBe("results");
    expect(error.requestId).toMatch(REQUEST_ID);
  });

  it("gives up on a request the upstream holds with TimeoutError (short client timeout)", async () => {
    // The sandbox holds the request for 2 s and then drops it, which would be a plain ConnectionError.
    const script = faultFirst("timeout", Infinity);
    const error = await rejection(
      up.adminWith({ fetch: script.fetch, timeout: 300, maxRetries: 0 }).clients.list({ take: 2 }),
      TimeoutError,
    );
    expect(error.message).toMatch(/within 300 ms/);
  });

  it("retries a GET after a one-shot timeout or connection reset, and succeeds", async () => {
    for (const kind of ["timeout", "reset"]) {
      const script = faultFirst(kind);
      const response = await up.adminWith({ fetch: script.fetch, timeout: 300 }).alerts.webhooks.list().withResponse();
      expect(response.attempts, kind).toBe(2);
    }
  });

  it("reports a reset connection as ConnectionError, and never resends an MPC call after one", async () => {
    const script = faultFirst("reset", Infinity);
    const error = await rejection(
      up.adminWith({ fetch: script.fetch, maxRetries: 0 }).clients.list({ take: 2 }),
      ConnectionError,
    );
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(error.beforeSend).toBe(false);
    const client = await createWalletClient(up);
    const mpcScript = faultFirst("reset", Infinity);
    await rejection(
      up
        .mpc(client.clientApiKey, { fetch: mpcScript.fetch })
        .rawSign("SECP256K1", { params: "11".repeat(32), share: client.shares.SECP256K1.share }),
      ConnectionError,
    );
    expect(mpcScript.attempts()).toBe(1);
  });

  it("answers an unknown fault kind with 400, and an unknown route with a JSON 404", async () => {
    await rejection(
      up.admin.clients.list({ take: 1 }, { headers: { "x-sandbox-fault": "explode" } }),
      BadRequestError,
      400,
    );
    const nowhere = { ...endpoints.listAlertWebhooks, path: "/api/v3/custodians/me/nowhere" } satisfies Endpoint;
    const error = await rejection(up.admin.call(nowhere), NotFoundError, 404);
    expect(error.upstreamMessage).toBe("Not found: GET /api/v3/custodians/me/nowhere");
  });
});

describe.skipIf(!SANDBOX)("rate limit (SANDBOX_RATE_LIMIT)", () => {
  it("answers 429 with Retry-After past the limit: RateLimitedError with retryAfterMs", async () => {
    // A token of its own, so this file's other requests keep their budget; the limit counts before authentication.
    const probe = up.adminWith({ apiKey: "rate-limit-probe-token", maxRetries: 0 });
    for (let i = 0; i < RATE_LIMIT; i++) await rejection(probe.alerts.webhooks.list(), UnauthorizedError, 401);
    const error = await rejection(probe.alerts.webhooks.list(), RateLimitedError, 429);
    expect(error.retryAfterMs).toBeGreaterThan(0);
    expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(error.upstreamMessage).toMatch(/Rate limit exceeded/);
  });

  it("waits out Retry-After before resending a GET, then gives up with RateLimitedError", async () => {
    const { sleep, waits } = recordingSleep();
    const patient = up.adminWith({ apiKey: "rate-limit-probe-token", maxRetries: 2, sleep });
    await rejection(patient.alerts.webhooks.list(), RateLimitedError, 429);
    expect(waits).toHaveLength(2);
    for (const wait of waits) {
      expect(wait).toBeGreaterThan(1_000);
      expect(wait).toBeLessThanOrEqual(60_000);
    }
  });

  it("counts per token: the custodian key is unaffected", async () => {
    expect((await up.admin.alerts.webhooks.list()).data).toHaveLength(3);
  });
});
