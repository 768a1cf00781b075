import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setDbForTests } from "@/server/db";
import { forgetEnvForTests } from "@/server/env";
import { templateOf } from "@/server/kit/define-route";
import { openTestDb } from "@/testing/db";
import { kindOf, observeHttp } from "./http-metrics";
import { metricsRegistry } from "./metrics";
import { setRoutesManifestForTests } from "./route-templates";
import { recordUpstreamAttempt, upstreamSeen } from "./upstream-health";

const { GET } = await import("@/app/api/metrics/route");
const TOKEN = "a-metrics-token-of-enough-length-0123";

beforeAll(async () => {
  setDbForTests(await openTestDb("pglite"));
});

afterEach(() => {
  vi.unstubAllEnvs();
  forgetEnvForTests();
});

const scrape = (authorization?: string) =>
  GET(
    new NextRequest("http://console.test/api/metrics", {
      headers: { host: "console.test", ...(authorization ? { authorization } : {}) },
    }),
  );

/** The Prometheus text format's samples, read with the format's own grammar (name{labels} value). */
function samples(text: string) {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

describe("GET /api/metrics", () => {
  it("is not there (404) while CONSOLE_METRICS_TOKEN is unset", async () => {
    vi.stubEnv("CONSOLE_METRICS_TOKEN", "");
    forgetEnvForTests();
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
  });

  it("refuses no token, another token and another scheme with 401, as JSON that names no token", async () => {
    vi.stubEnv("CONSOLE_METRICS_TOKEN", TOKEN);
    forgetEnvForTests();
    for (const header of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`]) {
      const response = await scrape(header);
      expect(response.status).toBe(401);
      const body = await response.text();
      expect(JSON.parse(body).error.code).toBe("UNAUTHENTICATED");
      expect(body).not.toContain(TOKEN);
    }
  });

  it("serves every metric in Prometheus's text format to the token, with bounded labels only", async () => {
    vi.stubEnv("CONSOLE_METRICS_TOKEN", TOKEN);
    forgetEnvForTests();
    const clientId = "cm0secretclientid00000001";
    recordUpstreamAttempt({
      service: "admin",
      method: "GET",
      path: "/v1/clients/{clientId}",
      status: 200,
      durationMs: 12,
    });
    recordUpstreamAttempt({
      service: "admin",
      method: "GET",
      path: "/v1/clients",
      status: 429,
      durationMs: 3,
      error: "rate_limited",
      retryInMs: 1000,
    });
    observeHttp({ method: "GET", pathname: `/api/clients/${clientId}`, status: 200, seconds: 0.02, action: false });

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).not.toContain(clientId);
    const parsed = samples(text);
    const find = (name: string, labels: Record<string, string>) =>
      parsed.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
    expect(
      find("console_upstream_requests_total", { endpoint: "/v1/clients/{clientId}", status: "200", outcome: "ok" })
        ?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(
      find("console_upstream_requests_total", { endpoint: "/v1/clients", status: "429", outcome: "retried" })?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(
      find("console_upstream_request_duration_seconds_count", { endpoint: "/v1/clients/{clientId}" })?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(find("console_process_cpu_seconds_total", {})).toBeDefined();
    // Every label value is a template, a name or a number: none looks like an id, a token or an address.
    for (const sample of parsed)
      for (const value of Object.values(sample.labels)) {
        expect(value).not.toMatch(/^(0x[0-9a-fA-F]{40}|c[a-z0-9]{24}|[0-9a-f-]{36})$/);
        expect(value).not.toContain(TOKEN);
      }
  });
});

describe("job runs from the first scrape", () => {
  it("has every job kind's four states at 0 before any job was queued, so alert rules have a series", async () => {
    vi.stubEnv("CONSOLE_METRICS_TOKEN", TOKEN);
    forgetEnvForTests();
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    const series = samples(await response.text()).filter((s) => s.name === "console_job_runs");
    // The console's background jobs, as docs/operating.md lists them, each in the four states it names.
    const kinds = [
      "alerts.export",
      "alerts.replay-all",
      "alerts.replay-follow",
      "audit.export",
      "clients.find-address",
      "ejects.evidence",
      "notifications.tick",
      "yield.reconcile",
      "yield.run",
    ];
    const states = ["failed_last_hour", "lease_lapsed", "queued", "running"];
    expect(series.map((s) => `${s.labels.kind} ${s.labels.state}`).sort()).toEqual(
      kinds.flatMap((k) => states.map((st) => `${k} ${st}`)).sort(),
    );
    expect(series.every((s) => s.value === 0)).toBe(true);
  });
});

describe("labels that hold no id", () => {
  it("puts a route's dynamic segments back as their names", () => {
    expect(templateOf("/api/clients/cm123/assets", { clientId: "cm123" })).toBe("/api/clients/[clientId]/assets");
    expect(templateOf("/api/jobs/a%20b", { runId: "a b" })).toBe("/api/jobs/[runId]");
    expect(templateOf("/api/clients", {})).toBe("/api/clients");
  });

  it("labels a path by its route template from the build's routes manifest, and anything else as 'other'", async () => {
    const dir = path.join(tmpdir(), `routes-manifest-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, "routes-manifest.json"),
      JSON.stringify({
        staticRoutes: [{ page: "/clients", regex: "^/clients(?:/)?$" }],
        dynamicRoutes: [{ page: "/clients/[clientId]", regex: "^/clients/([^/]+?)(?:/)?$" }],
      }),
    );
    setRoutesManifestForTests(dir);
    for (const pathname of ["/clients", "/clients/cm123", "/wp-admin/setup.php", "/_next/static/chunks/a.js"])
      observeHttp({ method: "GET", pathname, status: 200, seconds: 0.01, action: false });
    const { values } = await metricsRegistry().getSingleMetric("console_http_request_duration_seconds")!.get();
    const routes = new Set(values.map((v) => v.labels.route));
    for (const route of ["/clients", "/clients/[clientId]", "other", "/_next"]) expect(routes).toContain(route);
    expect([...routes].filter((r) => String(r).includes("cm123") || String(r).includes("wp-admin"))).toEqual([]);
    expect(kindOf("/clients/[clientId]", true)).toBe("action");
    expect(kindOf("/api/clients", false)).toBe("route");
    expect(kindOf("/_next", false)).toBe("asset");
  });

  it("keeps the upstream's last answer and last failure for readiness, without counting a 404 as the upstream failing", () => {
    recordUpstreamAttempt(
      { service: "admin", method: "GET", path: "/v1/clients/{clientId}", status: 404, durationMs: 7 },
      new Date("2026-11-26T10:00:00Z"),
    );
    expect(upstreamSeen()).toMatchObject({ lastAnswerAt: "2026-11-26T10:00:00.000Z", lastLatencyMs: 7 });
    recordUpstreamAttempt(
      { service: "admin", method: "GET", path: "/v1/clients", error: "timeout" },
      new Date("2026-11-26T10:01:00Z"),
    );
    expect(upstreamSeen().lastError).toEqual({ at: "2026-11-26T10:01:00.000Z", code: "timeout", status: null });
    expect(metricsRegistry().getSingleMetric("console_upstream_requests_total")).toBeDefined();
  });
});
