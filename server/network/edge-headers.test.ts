import { afterEach, describe, expect, it } from "vitest";
import { forgetEnvForTests } from "@/server/env";
import { applyEdgeHeaders, type EdgeRequest } from "./edge-headers";

const saved = { ...process.env };

function exchangeFor(req: EdgeRequest, trustedProxies: number) {
  process.env = { ...saved, CONSOLE_TRUSTED_PROXIES: String(trustedProxies) };
  forgetEnvForTests();
  const set = new Map<string, string>();
  const exchange: { requestId?: string } = {};
  applyEdgeHeaders(req, { setHeader: (name, value) => set.set(name, value) }, exchange);
  return { set, exchange };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("what the serving process sets on each exchange before Next sees it", () => {
  afterEach(() => {
    process.env = { ...saved };
    forgetEnvForTests();
  });

  it("gives every exchange one request id: on the request, the response and the exchange", () => {
    const req: EdgeRequest = { url: "/clients", headers: {} };
    const { set, exchange } = exchangeFor(req, 0);
    expect(set.get("x-request-id")).toMatch(UUID);
    expect(req.headers["x-request-id"]).toBe(set.get("x-request-id"));
    expect(exchange.requestId).toBe(set.get("x-request-id"));
  });

  it("takes a request id from a client only behind a trusted proxy, and only one that looks like an id", () => {
    const sent = "edge-7f3a9c-0001";
    expect(exchangeFor({ url: "/api/health", headers: { "x-request-id": sent } }, 0).exchange.requestId).not.toBe(sent);
    expect(exchangeFor({ url: "/api/health", headers: { "x-request-id": sent } }, 1).exchange.requestId).toBe(sent);
    const forged = "x\r\nset-cookie: a=b";
    expect(exchangeFor({ url: "/api/health", headers: { "x-request-id": forged } }, 1).exchange.requestId).toMatch(
      UUID,
    );
  });

  it("gives a data route a policy that loads nothing and frames nothing; a page's comes from proxy.ts", () => {
    expect(exchangeFor({ url: "/api/audit?limit=5", headers: {} }, 0).set.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(exchangeFor({ url: "/audit", headers: {} }, 0).set.has("content-security-policy")).toBe(false);
  });

  it("sends HSTS on a data route only when the request came in over https", () => {
    // No proxy trusted and no serving process's word for the socket: a client's header is not believed.
    const forged = exchangeFor({ url: "/api/health", headers: { "x-forwarded-proto": "https" } }, 0).set;
    expect(forged.has("strict-transport-security")).toBe(false);
    const behindProxy = exchangeFor({ url: "/api/health", headers: { "x-forwarded-proto": "http, https" } }, 1).set;
    expect(behindProxy.get("strict-transport-security")).toMatch(/^max-age=\d{8}; includeSubDomains$/);
    const plain = exchangeFor({ url: "/api/health", headers: { "x-forwarded-proto": "https, http" } }, 1).set;
    expect(plain.has("strict-transport-security")).toBe(false);
  });
});
