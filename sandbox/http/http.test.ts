import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterEach, describe, expect, it } from "vitest";
import { createRng } from "../seed/prng";
import { requireCustodianKey } from "./auth";
import { FAULT_HEADER } from "./faults";
import { createHttpApp, type HttpKnobs } from "./layer";

const KEY = "test-custodian-key";
const CLIENT_TOKEN = "client-session-token";

function testApp(knobs: Partial<HttpKnobs> = {}) {
  const app = createHttpApp("base", { latencyMs: 0, faultRate: 0, rateLimit: undefined, ...knobs });
  app.use(
    "/api/v3/custodians/*",
    requireCustodianKey({ custodianApiKey: KEY, isClientCredential: (t) => t === CLIENT_TOKEN }),
  );
  app.get("/api/v3/custodians/me/ping", (c) => c.json({ pong: true }));
  app.get("/open", (c) => c.json({ open: true }));
  return app;
}

const auth = { authorization: `Bearer ${KEY}` };

describe("request id and 404", () => {
  it("puts a request id on success, error and 404 responses", async () => {
    const app = testApp();
    const ids = new Set<string>();
    for (const [path, headers] of [
      ["/open", {}],
      ["/api/v3/custodians/me/ping", {}],
      ["/nowhere", {}],
    ] as const) {
      const res = await app.request(path, { headers });
      const id = res.headers.get("x-request-id");
      expect(id).toMatch(/^req_[0-9a-f]{24}$/);
      ids.add(id as string);
    }
    expect(ids.size).toBe(3);
  });

  it("answers an unknown route with a JSON 404 naming method and path", async () => {
    const res = await testApp().request("/api/v3/nope?x=1", { method: "DELETE" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found: DELETE /api/v3/nope" });
  });

  it("serves /health outside the knobs", async () => {
    const res = await testApp({ faultRate: 1 }).request("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, service: "base" });
  });
});

describe("custodian auth", () => {
  it.each([
    ["missing", {}, /Missing Authorization header.*Bearer <custodian API key>/],
    ["not a bearer", { authorization: `Basic ${KEY}` }, /Malformed Authorization header/],
    ["wrong key", { authorization: "Bearer wrong-key-value" }, /Invalid custodian API key/],
    ["a client credential", { authorization: `Bearer ${CLIENT_TOKEN}` }, /client API key or session token was sent/],
  ])("401s when the key is %s, without echoing the token", async (_name, headers, message) => {
    const res = await testApp().request("/api/v3/custodians/me/ping", { headers });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const body = (await res.json()) as { error: string };
    expect(body.error).toMatch(message);
    expect(body.error).not.toContain("wrong-key-value");
    expect(body.error).not.toContain(CLIENT_TOKEN);
  });

  it("lets the custodian key through", async () => {
    const res = await testApp().request("/api/v3/custodians/me/ping", { headers: auth });
    expect(await res.json()).toEqual({ pong: true });
  });
});

describe("rate limit", () => {
  it("429s past the limit per bearer with Retry-After", async () => {
    const app = testApp({ rateLimit: 3 });
    for (let i = 0; i < 3; i++) expect((await app.request("/open", { headers: auth })).status).toBe(200);
    const limited = await app.request("/open", { headers: auth });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(limited.headers.get("x-request-id")).toBeTruthy();
    expect(((await limited.json()) as { error: string }).error).toMatch(/3 requests per minute/);
    // Another bearer has its own budget.
    expect((await app.request("/open", { headers: { authorization: "Bearer other" } })).status).toBe(200);
  });
});

describe("latency", () => {
  it("delays each request by SANDBOX_LATENCY_MS", async () => {
    const started = performance.now();
    await testApp({ latencyMs: 60 }).request("/open");
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe("faults", () => {
  let server: ServerType | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function listen(knobs: Partial<HttpKnobs> = {}) {
    const app = testApp({ faultHoldMs: 150, ...knobs });
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server?.once("listening", () => resolve()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("x-sandbox-fault: 500 answers a JSON 500", async () => {
    const res = await testApp().request("/open", { headers: { [FAULT_HEADER]: "500" } });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: expect.stringMatching(/Simulated/) });
  });

  it("x-sandbox-fault: malformed answers 200 with broken JSON", async () => {
    const res = await testApp().request("/open", { headers: { [FAULT_HEADER]: "malformed" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/json/);
    await expect(res.json()).rejects.toThrow();
  });

  it("x-sandbox-fault: reset drops the connection", async () => {
    const base = await listen();
    await expect(fetch(`${base}/open`, { headers: { [FAULT_HEADER]: "reset" } })).rejects.toThrow();
  });

  it("x-sandbox-fault: timeout holds the request, then drops it", async () => {
    const base = await listen();
    const started = performance.now();
    await expect(fetch(`${base}/open`, { headers: { [FAULT_HEADER]: "timeout" } })).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("rejects an unknown fault kind", async () => {
    const res = await testApp().request("/open", { headers: { [FAULT_HEADER]: "boom" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "x-sandbox-fault must be one of 500, reset, timeout, malformed" });
  });

  it("SANDBOX_FAULT_RATE fails that share of requests with every kind", async () => {
    const rng = createRng("fault-mix");
    const base = await listen({ faultRate: 0.5, random: () => rng.next() });
    const outcomes = new Map<string, number>();
    const requests = Array.from({ length: 80 }, async () => {
      try {
        const res = await fetch(`${base}/open`);
        const text = await res.text();
        const kind = res.status === 500 ? "500" : text.startsWith('{"data"') ? "malformed" : "ok";
        outcomes.set(kind, (outcomes.get(kind) ?? 0) + 1);
      } catch {
        outcomes.set("dropped", (outcomes.get("dropped") ?? 0) + 1);
      }
    });
    await Promise.all(requests);
    expect(outcomes.get("ok") ?? 0).toBeGreaterThan(15);
    expect(outcomes.get("ok") ?? 0).toBeLessThan(65);
    for (const kind of ["500", "malformed", "dropped"]) expect(outcomes.get(kind) ?? 0).toBeGreaterThan(0);
  });
});
