import { afterEach, describe, expect, it } from "vitest";
import { clientFixture, generateFixture, listClientsFixture } from "@/testing/contracts/fixtures";
import {
  captureLogs,
  mockUpstream,
  recordingSleep,
  unusedPort,
  type MockUpstream,
  type Script,
} from "@/testing/upstream/scripted-upstream";
import { AdminClient } from "./admin";
import {
  BadRequestError,
  ConnectionError,
  InvalidRequestError,
  InvalidResponseError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from "./errors";
import { MpcClient } from "./mpc";
import { SlidingWindowRateLimiter } from "./sliding-window";

const CUSTODIAN_KEY = "custodian-key-4c1d9e";
let upstream: MockUpstream | undefined;

afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

async function adminAgainst(script: Script, options: Partial<ConstructorParameters<typeof AdminClient>[0]> = {}) {
  upstream = await mockUpstream(script);
  const { sleep, waits } = recordingSleep();
  const { logger, lines } = captureLogs();
  const admin = new AdminClient({ baseURL: upstream.url, apiKey: CUSTODIAN_KEY, sleep, logger, ...options });
  return { admin, upstream, waits, lines };
}

const ok = (body: unknown, headers: Record<string, string> = {}) => ({ status: 200, body, headers });

describe("requests", () => {
  it("sends the bearer key and JSON content type, and returns the parsed body with the request id", async () => {
    const { admin, upstream } = await adminAgainst([ok(clientFixture, { "x-request-id": "req_abc" })]);
    const { data, requestId, status, attempts } = await admin.clients.retrieve(clientFixture.id).withResponse();
    expect(data.id).toBe(clientFixture.id);
    expect({ requestId, status, attempts }).toEqual({ requestId: "req_abc", status: 200, attempts: 1 });
    const [request] = upstream.requests;
    expect(request?.method).toBe("GET");
    expect(request?.url).toBe(`/api/v3/custodians/me/clients/${clientFixture.id}`);
    expect(request?.headers.authorization).toBe(`Bearer ${CUSTODIAN_KEY}`);
    expect(request?.headers["content-type"]).toBe("application/json");
  });

  it("awaits to the data directly", async () => {
    const { admin } = await adminAgainst([ok(listClientsFixture)]);
    const page = await admin.clients.list({ take: 1 });
    expect(page.results).toHaveLength(1);
  });

  it("keeps unknown fields of the response", async () => {
    const body = {
      ...clientFixture,
      riskScore: 3,
      wallets: clientFixture.wallets.map((w) => ({ ...w, label: "main" })),
    };
    const { admin } = await adminAgainst([ok(body)]);
    const client = await admin.clients.retrieve(clientFixture.id);
    expect(client).toMatchObject({ riskScore: 3 });
    expect(client.wallets[0]).toMatchObject({ label: "main" });
  });

  it("encodes path segments: eip155:1 becomes eip155%3A1", async () => {
    const { admin, upstream } = await adminAgainst([
      ok({ address: "0x1", chainId: "eip155:1", usageData: [], totalUsage: "0", totalTxsSponsored: 0 }),
    ]);
    await admin.gas.usage("eip155:1");
    expect(upstream.requests[0]?.url).toBe("/api/v3/custodians/me/gas-sponsors/chains/eip155%3A1/usage");
  });

  it("refuses '..' as a path segment without sending anything", async () => {
    const { admin, upstream } = await adminAgainst([ok(clientFixture)]);
    await expect(admin.clients.retrieve("..")).rejects.toBeInstanceOf(InvalidRequestError);
    expect(upstream.requests).toHaveLength(0);
  });

  it("serialises lists comma-delimited in the query", async () => {
    const events = {
      data: [],
      metadata: { alertWebhook: { id: "w1", url: "https://x" }, cursor: null, limit: 100, total: 0 },
    };
    const { admin, upstream } = await adminAgainst([ok(events)]);
    await admin.alerts.webhooks.events("w1", {
      eventTypes: "EIP_155_TX_V1",
      deliveryStatuses: ["failed", "pending"],
      limit: 50,
    });
    const url = new URL(upstream.requests[0]?.url ?? "", "http://x");
    expect(url.searchParams.get("deliveryStatuses")).toBe("failed,pending");
    expect(url.searchParams.get("limit")).toBe("50");
    expect(url.searchParams.get("eventTypes")).toBe("EIP_155_TX_V1");
  });

  it("checks input against the contract before sending, unless told not to", async () => {
    const { admin, upstream } = await adminAgainst([{ status: 400, body: {} }]);
    const error = await admin.clients.list({ take: 500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).fieldPath).toBe("query.take");
    expect(upstream.requests).toHaveLength(0);
    await expect(admin.clients.list({ take: 500 }, { validateInput: false })).rejects.toBeInstanceOf(BadRequestError);
    expect(upstream.requests[0]?.url).toContain("take=500");
  });
});

describe("retries", () => {
  it("retries a GET after 503 and 429", async () => {
    const { admin, upstream, waits } = await adminAgainst([{ status: 503 }, { status: 429 }, ok(clientFixture)]);
    const { attempts } = await admin.clients.retrieve(clientFixture.id).withResponse();
    expect(attempts).toBe(3);
    expect(upstream.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it("does not retry a POST after 503 or 429", async () => {
    for (const status of [503, 429]) {
      const { admin, upstream } = await adminAgainst([
        { status, body: {} },
        ok({ id: "c1", clientApiKey: "k", clientSessionToken: "t", isAccountAbstracted: false }),
      ]);
      const error = await admin.clients.create().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(status === 503 ? ServerError : RateLimitedError);
      expect(upstream.requests).toHaveLength(1);
      await upstream.close();
    }
  });

  it("gives up after maxRetries", async () => {
    const { admin, upstream } = await adminAgainst([{ status: 502 }], { maxRetries: 2 });
    const error = await admin.clients.retrieve("c1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).status).toBe(502);
    expect(upstream.requests).toHaveLength(3);
  });

  it("honours Retry-After in seconds and as an HTTP date", async () => {
    const inFiveSeconds = new Date(Date.now() + 5000).toUTCString();
    const { admin, waits } = await adminAgainst([
      { status: 429, headers: { "retry-after": "2" } },
      { status: 503, headers: { "retry-after": inFiveSeconds } },
      ok(clientFixture),
    ]);
    await admin.clients.retrieve(clientFixture.id);
    expect(waits[0]).toBe(2000);
    expect(waits[1]).toBeGreaterThan(3000);
    expect(waits[1]).toBeLessThanOrEqual(5000);
  });

  it("waits the real Retry-After before resending", async () => {
    upstream = await mockUpstream([{ status: 429, headers: { "retry-after": "0.3" } }, ok(clientFixture)]);
    const admin = new AdminClient({ baseURL: upstream.url, apiKey: CUSTODIAN_KEY, logger: captureLogs().logger });
    const started = performance.now();
    await admin.clients.retrieve(clientFixture.id);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("fails at once with the wait when Retry-After is beyond what it will wait", async () => {
    const { admin, upstream } = await adminAgainst([{ status: 429, headers: { "retry-after": "120" }, body: {} }]);
    const error = await admin.clients.retrieve("c1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(120_000);
    expect(upstream.requests).toHaveLength(1);
  });

  it("resends even a POST when the connection was refused, since nothing was sent", async () => {
    const port = await unusedPort();
    const created = { id: "c1", clientApiKey: "k", clientSessionToken: "t", isAccountAbstracted: false };
    const { logger } = captureLogs();
    let started: MockUpstream | undefined;
    const admin = new AdminClient({
      baseURL: `http://127.0.0.1:${port}`,
      apiKey: CUSTODIAN_KEY,
      logger,
      // The upstream comes up during the backoff.
      sleep: async () => {
        started ??= await mockUpstream([ok(created)], port);
      },
    });
    const { attempts } = await admin.clients.create({ isAccountAbstracted: false }).withResponse();
    expect(attempts).toBe(2);
    expect(started?.requests).toHaveLength(1);
    await started?.close();
  });

  it("reports a refused connection as ConnectionError once retries run out", async () => {
    const port = await unusedPort();
    const { sleep, waits } = recordingSleep();
    const admin = new AdminClient({
      baseURL: `http://127.0.0.1:${port}`,
      apiKey: CUSTODIAN_KEY,
      sleep,
      logger: captureLogs().logger,
    });
    const error = await admin.clients.create().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).beforeSend).toBe(true);
    expect(waits).toHaveLength(2);
  });

  it("maps a timeout to TimeoutError and does not resend a POST", async () => {
    const { admin, upstream } = await adminAgainst([{ status: 200, delayMs: 1000, body: {} }], { timeout: 100 });
    const error = await admin.clients.create().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toMatch(/within 100 ms/);
    expect(upstream.requests).toHaveLength(1);
  });

  it("resends a GET after a timeout", async () => {
    // The timeout leaves a loaded machine room for the second, prompt answer (100 ms did not, once).
    const { admin, upstream } = await adminAgainst([{ status: 200, delayMs: 5_000, body: {} }, ok(clientFixture)], {
      timeout: 500,
    });
    await admin.clients.retrieve(clientFixture.id);
    expect(upstream.requests).toHaveLength(2);
  });

  it("stops when the caller aborts", async () => {
    const { admin } = await adminAgainst([{ status: 200, delayMs: 1000, body: clientFixture }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await admin.clients.retrieve("c1", { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).code).toBe("aborted");
  });
});

describe("errors", () => {
  it("maps a 400 { error } to BadRequestError with the upstream's message and request id", async () => {
    const { admin } = await adminAgainst([
      {
        status: 400,
        body: { error: "ejectableUntil must be a date must be at least 1 minute from now." },
        headers: { "x-request-id": "req_400" },
      },
    ]);
    const error = (await admin.clients
      .enableEject("c1", { walletId: "w1" })
      .catch((e: unknown) => e)) as BadRequestError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.status).toBe(400);
    expect(error.requestId).toBe("req_400");
    expect(error.message).toBe(
      "Bad request (400) from admin PATCH /api/v3/custodians/me/clients/{clientId}/enable-eject: ejectableUntil must be a date must be at least 1 minute from now.",
    );
  });

  it("maps an empty 400 {} to a message naming the request", async () => {
    const { admin } = await adminAgainst([{ status: 400, body: {} }]);
    const error = await admin.clients.create().catch((e: unknown) => e);
    expect((error as Error).message).toBe("Bad request (400) from admin POST /api/v3/custodians/me/clients");
  });

  it("maps the MPC { id, message } and { error: { id } } bodies to BadRequestError with the id as code", async () => {
    for (const body of [
      { id: "RPC_OP_FAILED", message: "nonce too low" },
      { error: { id: "SIGN_FAILED", message: "bad share", code: 3 } },
    ]) {
      upstream = await mockUpstream([{ status: 400, body }]);
      const mpc = new MpcClient({ baseURL: upstream.url, apiKey: "client-key", logger: captureLogs().logger });
      const error = (await mpc
        .rawSign("SECP256K1", { params: "ab".repeat(32), share: "s1234" })
        .catch((e: unknown) => e)) as BadRequestError;
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.code).toBe("id" in body ? "RPC_OP_FAILED" : "SIGN_FAILED");
      expect(error.message).toMatch("id" in body ? /nonce too low$/ : /bad share$/);
      await upstream.close();
      upstream = undefined;
    }
  });

  it("maps the MPC bare-string 401 and a 404", async () => {
    upstream = await mockUpstream([{ status: 401, body: "Authorization header is missing" }]);
    const mpc = new MpcClient({ baseURL: upstream.url, apiKey: "client-key", logger: captureLogs().logger });
    const error = await mpc.generate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as Error).message).toMatch(/Authorization header is missing$/);
    await upstream.close();
    const { admin } = await adminAgainst([{ status: 404, body: { error: "Client not found" } }]);
    await expect(admin.clients.retrieve("nope")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("reports the failing field's path of an invalid response", async () => {
    const broken = { ...clientFixture, wallets: [{ ...clientFixture.wallets[0], curve: "P256" }] };
    const { admin } = await adminAgainst([ok(broken, { "x-request-id": "req_bad" })]);
    const error = (await admin.clients.retrieve(clientFixture.id).catch((e: unknown) => e)) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.fieldPath).toBe("wallets.0.curve");
    expect(error.requestId).toBe("req_bad");
    expect(error.message).toMatch(
      /^Invalid response from admin GET \/api\/v3\/custodians\/me\/clients\/\{clientId\}: wallets\.0\.curve: /,
    );
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: "InvalidResponseError",
      fieldPath: "wallets.0.curve",
      status: 200,
    });
  });

  it("reports a body that is not JSON, after asking again as often as a read may", async () => {
    const notJson = { status: 200, raw: "<html>gateway</html>" };
    const { admin, upstream } = await adminAgainst([notJson, notJson, notJson]);
    const error = (await admin.clients.retrieve("c1").catch((e: unknown) => e)) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.fieldPath).toBe("");
    expect(error.message).toMatch(/the body is not JSON/);
    expect(upstream.requests).toHaveLength(3);
  });

  it("reads again after a body cut off on the way, but never sends a write twice", async () => {
    const cutOff = { status: 200, raw: '{"data":[{"id":"' };
    const read = await adminAgainst([cutOff, ok(clientFixture)]);
    await expect(read.admin.clients.retrieve(clientFixture.id)).resolves.toMatchObject({ id: clientFixture.id });
    expect(read.upstream.requests).toHaveLength(2);

    const write = await adminAgainst([cutOff, ok({ token: "t".repeat(40) })]);
    await expect(write.admin.clients.createSession("c1")).rejects.toBeInstanceOf(InvalidResponseError);
    expect(write.upstream.requests).toHaveLength(1);
  });

  it("does not ask again for JSON that breaks the contract", async () => {
    const broken = { ...clientFixture, wallets: "none" };
    const { admin, upstream } = await adminAgainst([ok(broken), ok(clientFixture)]);
    await expect(admin.clients.retrieve(clientFixture.id)).rejects.toBeInstanceOf(InvalidResponseError);
    expect(upstream.requests).toHaveLength(1);
  });

  it("checks build-transaction against the chain family's shape", async () => {
    const evmShaped = { transaction: { from: "0x1", to: "0x2" }, metadata: { rawAmount: "1", tokenDecimals: 9 } };
    const { admin } = await adminAgainst([ok(evmShaped)]);
    const error = (await admin.clients
      .buildTransaction("c1", "solana-devnet", {
        to: "8pb5w7NTiYnwdeGu4RBB6SXrCNTL1D8nkBjEFNST4KDz",
        token: "NATIVE",
        amount: "0.1",
      })
      .catch((e: unknown) => e)) as InvalidResponseError;
    expect(error.fieldPath).toBe("transaction");
  });

  it("treats a 204 as no content", async () => {
    const { admin } = await adminAgainst([{ status: 204 }]);
    await expect(
      admin.alerts.retryByBlockNumber({ chainReferenceId: "11155111", blockNumber: 7313326, streamId: "s1" }),
    ).resolves.toBeUndefined();
  });
});

describe("rate limiting", () => {
  it("queues requests beyond the limit instead of failing", async () => {
    const window = new SlidingWindowRateLimiter({ limit: 2, windowMs: 200 });
    // When each call was seen through. A time read after the grant is never earlier than the grant (a busy
    // machine only makes it later), so each is held against a start read before the first call: the third
    // and fourth cannot have gone before the first window ended, however slowly this machine runs.
    const grants: number[] = [];
    const limiter = {
      acquire: async (signal?: AbortSignal, priority?: "interactive" | "background") => {
        await window.acquire(signal, priority);
        grants.push(performance.now() - started);
      },
      expectedWait: (priority: "interactive" | "background") => window.expectedWait(priority),
    };
    const { admin, upstream } = await adminAgainst([ok(clientFixture)], { rateLimiter: limiter });
    const started = performance.now();
    await Promise.all(Array.from({ length: 4 }, () => admin.clients.retrieve(clientFixture.id)));
    expect(upstream.requests).toHaveLength(4);
    expect(grants).toHaveLength(4);
    // The window counts whole milliseconds (Date.now): a grant may come up to 1 ms before 200 by this clock.
    expect(
      grants
        .sort((a, b) => a - b)
        .slice(2)
        .every((at) => at >= 199),
      `grants at ${grants.join(", ")} ms`,
    ).toBe(true);
  });
});

describe("rate limiting: priority and the upstream's 429", () => {
  it("tells the limiter whose request it is: interactive unless the caller says background", async () => {
    const seen: (string | undefined)[] = [];
    const limiter = { acquire: async (_signal?: AbortSignal, priority?: string) => void seen.push(priority) };
    const { admin } = await adminAgainst([ok(clientFixture)], { rateLimiter: limiter });
    await admin.clients.retrieve(clientFixture.id);
    await admin.clients.retrieve(clientFixture.id, { priority: "background" });
    expect(seen).toEqual(["interactive", "background"]);
  });

  it("pauses every caller of the limiter for the upstream's Retry-After, not only the one that got the 429", async () => {
    const pauses: number[] = [];
    const limiter = { acquire: async () => undefined, pause: (ms: number) => void pauses.push(ms) };
    const { admin, waits } = await adminAgainst([{ status: 429, headers: { "retry-after": "3" } }, ok(clientFixture)], {
      rateLimiter: limiter,
    });
    await admin.clients.retrieve(clientFixture.id);
    expect(pauses).toEqual([3000]);
    expect(waits).toEqual([3000]);
  });
});

describe("secrets", () => {
  it("never puts the key, a share, a session token or an OTP in a log line, error message or error JSON", async () => {
    const share = generateFixture.SECP256K1.share;
    const clientKey = "client-api-key-77f0a1";
    upstream = await mockUpstream((request) =>
      request.url === "/v1/sign"
        ? {
            status: 400,
            body: {
              id: "SIGN_FAILED",
              message: `share ${share} does not match key ${clientKey} (Bearer ${clientKey})`,
            },
          }
        : ok({ id: "c1", otp: "904213" }),
    );
    const { logger, lines } = captureLogs();
    const mpc = new MpcClient({ baseURL: upstream.url, apiKey: clientKey, logger, maxRetries: 0 });
    const error = (await mpc
      .sign({
        method: "personal_sign",
        params: '["0x48656c6c6f"]',
        share,
        chainId: "eip155:11155111",
        to: "0x6e81",
        rpcUrl: "http://127.0.0.1:4010/rpc/v1/eip155/11155111",
      })
      .catch((e: unknown) => e)) as BadRequestError;
    expect(error).toBeInstanceOf(BadRequestError);

    const admin = new AdminClient({ baseURL: upstream.url, apiKey: CUSTODIAN_KEY, logger });
    const otp = await admin.clients.webOtp("c1");
    expect(otp.otp).toBe("904213");

    const surfaces = [...lines, error.message, JSON.stringify(error), String(error.stack)];
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const text of surfaces) {
      for (const secret of [share, clientKey, CUSTODIAN_KEY, "904213"]) expect(text).not.toContain(secret);
    }
    expect(error.message).toContain("does not match key");
  });

  it("logs method, path template, status, duration and request id", async () => {
    const { admin, lines } = await adminAgainst([ok(clientFixture, { "x-request-id": "req_log" })]);
    await admin.clients.retrieve(clientFixture.id);
    const line = JSON.parse(lines[0] ?? "{}") as Record<string, unknown>;
    expect(line).toMatchObject({
      msg: "upstream request",
      service: "admin",
      method: "GET",
      path: "/api/v3/custodians/me/clients/{clientId}",
      status: 200,
      requestId: "req_log",
      attempt: 1,
    });
    expect(typeof line.durationMs).toBe("number");
    expect(lines[0]).not.toContain(clientFixture.id);
  });
});
