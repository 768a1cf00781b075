import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { controlRoutes, type Control } from "./control";
import { createHttpApp } from "./layer";
import type { SandboxHttpEnv } from "./types";

function app(control: Control) {
  const base = createHttpApp("base", { latencyMs: 0, faultRate: 0, rateLimit: undefined, control });
  base.route("/", controlRoutes(control, "key-123456"));
  const routes = new Hono<SandboxHttpEnv>();
  routes.get("/api/gas/:chain", (c) => c.json({ chain: c.req.param("chain") }));
  routes.get("/api/events", (c) => c.json({ data: [{ id: "e1" }, { id: "e2" }], metadata: { total: 2 } }));
  routes.get("/api/clients", (c) => c.json({ results: [{ id: "c1" }], metadata: { total: 1 } }));
  base.route("/", routes);
  return base;
}
const auth = { authorization: "Bearer key-123456", "content-type": "application/json" };

describe("sandbox control rules", () => {
  it("fail only the requests whose path matches, as many times as asked, until cleared", async () => {
    const control: Control = { rules: [] };
    const a = app(control);
    const put = await a.request("/_sandbox/rules", {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ rules: [{ path: "/api/gas/eip155%3A1$", fault: "500", times: 2 }] }),
    });
    expect(put.status).toBe(200);
    expect((await a.request("/api/gas/eip155%3A1")).status).toBe(500);
    expect((await a.request("/api/gas/eip155%3A137")).status).toBe(200);
    expect((await a.request("/api/gas/eip155%3A1")).status).toBe(500);
    expect((await a.request("/api/gas/eip155%3A1")).status).toBe(200);
    await a.request("/_sandbox/rules", {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ rules: [{ path: "gas", fault: "malformed" }] }),
    });
    expect(await (await a.request("/api/gas/x")).text()).toBe('{"data":[{"id":"');
    await a.request("/_sandbox/rules", { method: "DELETE", headers: auth });
    expect((await a.request("/api/gas/x")).status).toBe(200);
  });

  it("drops the connection of a matching request with no answer (over a real socket)", async () => {
    const server = serve({ fetch: app({ rules: [] }).fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await fetch(`${base}/_sandbox/rules`, {
        method: "PUT",
        headers: auth,
        body: JSON.stringify({ rules: [{ path: "gas", fault: "reset" }] }),
      });
      await expect(fetch(`${base}/api/gas/x`)).rejects.toThrow();
      expect((await fetch(`${base}/api/events`)).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("applies a rule with a rate to about that share of the matching requests", async () => {
    const a = app({ rules: [] });
    await a.request("/_sandbox/rules", {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ rules: [{ path: "gas", fault: "500", rate: 0.1 }] }),
    });
    let failed = 0;
    for (let i = 0; i < 2000; i++) if ((await a.request("/api/gas/x")).status === 500) failed++;
    // Binomial(2000, 0.1): mean 200, standard deviation about 13.4; ±5 σ cannot be missed by chance.
    expect(failed).toBeGreaterThan(133);
    expect(failed).toBeLessThan(267);
    expect((await a.request("/api/events")).status).toBe(200);
    const bad = await a.request("/_sandbox/rules", {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ rules: [{ path: "gas", fault: "500", rate: 1.5 }] }),
    });
    expect(bad.status).toBe(400);
  });

  it("slows the matching requests down", async () => {
    const a = app({ rules: [] });
    await a.request("/_sandbox/rules", {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ rules: [{ path: "gas", latencyMs: 300 }] }),
    });
    const started = performance.now();
    expect((await a.request("/api/gas/x")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("adds fields the spec does not name to every record of a matching answer's data", async () => {
    const a = app({ rules: [] });
    await a.request("/_sandbox/rules", {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ rules: [{ path: "^/api/events", extraFields: { riskScore: { level: "low" } } }] }),
    });
    const res = await a.request("/api/events");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: [
        { id: "e1", riskScore: { level: "low" } },
        { id: "e2", riskScore: { level: "low" } },
      ],
      metadata: { total: 2 },
    });
    // An answer without a data list is left as it was.
    expect(await (await a.request("/api/gas/x")).json()).toEqual({ chain: "x" });
  });

  it("adds them to the clients list's results too", async () => {
    const a = app({ rules: [] });
    await a.request("/_sandbox/rules", {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ rules: [{ path: "^/api/clients", extraFields: { tier: "gold" } }] }),
    });
    expect(await (await a.request("/api/clients")).json()).toEqual({
      results: [{ id: "c1", tier: "gold" }],
      metadata: { total: 1 },
    });
  });

  it("takes rules only with the custodian key, and only valid ones", async () => {
    const a = app({ rules: [] });
    expect((await a.request("/_sandbox/rules", { method: "DELETE" })).status).toBe(401);
    const bad = await a.request("/_sandbox/rules", {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ rules: [{ path: "(" }] }),
    });
    expect(bad.status).toBe(400);
  });
});
