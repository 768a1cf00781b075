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

  it("gives a data route a policy that loads nothing and frames nothing", () => {
    expect(exchangeFor({ url: "/api/audit?limit=5", headers: {} }, 0).set.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it("gives each page a script nonce of its own, on the response and where Next and the layout read it, whatever a client sent", () => {
    const sent = {
      "x-nonce": "Y2xpZW50",
      "content-security-policy": "script-src 'nonce-Y2xpZW50'",
      "content-security-policy-report-only": "script-src *",
      "x-console-url": "//evil.example/",
    };
    const one: EdgeRequest = { method: "GET", url: "/audit?outcome=error", headers: { ...sent } };
    const two: EdgeRequest = { method: "GET", url: "/audit?outcome=error", headers: { ...sent } };
    const policy = exchangeFor(one, 0).set.get("content-security-policy") ?? "";
    exchangeFor(two, 0);
    // The nonce as a browser reads it from the policy (CSP3: base64 after 'nonce-').
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'(;|$)/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(Buffer.from(nonce as string, "base64").length).toBeGreaterThanOrEqual(16);
    expect(one.headers["x-nonce"]).toBe(nonce);
    expect(one.headers["content-security-policy"]).toBe(policy);
    expect(one.headers["content-security-policy-report-only"]).toBeUndefined();
    expect(two.headers["x-nonce"]).not.toBe(nonce);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(one.headers["x-console-url"]).toBe("/audit?outcome=error");
  });

  it("names the page asked for without the router's _rsc parameter, no page for an action, and leaves Next's own files alone", () => {
    const req: EdgeRequest = { method: "GET", url: "/clients?view=all&_rsc=1x2y3", headers: {} };
    exchangeFor(req, 0);
    expect(req.headers["x-console-url"]).toBe("/clients?view=all");
    // A server action (a POST to the page) names no page: it answers for itself, it is not sent to sign in.
    const action: EdgeRequest = { method: "POST", url: "/clients", headers: { "x-console-url": "/clients" } };
    exchangeFor(action, 0);
    expect(action.headers["x-console-url"]).toBeUndefined();
    const asset = exchangeFor({ url: "/_next/static/chunks/app.js", headers: {} }, 0).set;
    expect(asset.has("content-security-policy")).toBe(false);
    expect(asset.has("x-request-id")).toBe(true);
  });

  it("sends HSTS on a data route and a page only when the request came in over https", () => {
    // No proxy trusted and no serving process's word for the socket: a client's header is not believed.
    const forged = exchangeFor({ url: "/api/health", headers: { "x-forwarded-proto": "https" } }, 0).set;
    expect(forged.has("strict-transport-security")).toBe(false);
    const behindProxy = exchangeFor({ url: "/api/health", headers: { "x-forwarded-proto": "http, https" } }, 1).set;
    expect(behindProxy.get("strict-transport-security")).toMatch(/^max-age=\d{8}; includeSubDomains$/);
    const plain = exchangeFor({ url: "/api/health", headers: { "x-forwarded-proto": "https, http" } }, 1).set;
    expect(plain.has("strict-transport-security")).toBe(false);
    const page = exchangeFor({ url: "/clients", headers: { "x-forwarded-proto": "https" } }, 1).set;
    expect(page.get("strict-transport-security")).toMatch(/^max-age=\d{8}; includeSubDomains$/);
    expect(page.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });
});
