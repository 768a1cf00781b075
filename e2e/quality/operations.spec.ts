import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { e2ePaths } from "../../scripts/setup.mjs";
import { builtPagePaths, probePath } from "../fixtures/built-routes";
import { startConsoleInstance, scratchDatabase } from "../fixtures/instances";
import { startOtlpReceiver } from "../fixtures/otlp-receiver";
import { signedInPage } from "../fixtures/staff";
import { startTcpForwarder } from "../fixtures/tcp-forwarder";

/**
 * What an operator points a load balancer and Prometheus at, tried on a production instance whose
 * PostgreSQL sits behind a TCP forwarder the journey cuts and restores: liveness never depends on
 * the database, readiness does and comes back on its own, metrics need their token and never carry
 * an id, and SIGTERM ends the process with 0 in time.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
const DATA = `${e2ePaths().instances}/operations`;
const TOKEN = randomBytes(24).toString("hex");

/** A GET on a connection of its own (fetch would keep one connection, and so one process). */
function getOnNewConnection(origin: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${path}`, { agent: false, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
  });
}

/** Upstream requests for the clients list counted in Prometheus's text, over every status and outcome. */
function clientListReads(text: string): number {
  return [
    ...text.matchAll(
      /^console_upstream_requests_total\{[^}]*endpoint="\/api\/v3\/custodians\/me\/clients"[^}]*\} (\d+)$/gm,
    ),
  ]
    .map((m) => Number(m[1]))
    .reduce((a, b) => a + b, 0);
}

/** Liveness answers counted in Prometheus's text, summed over statuses. */
function healthCount(text: string): number {
  return [...text.matchAll(/^console_http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*\} (\d+)$/gm)]
    .map((m) => Number(m[1]))
    .reduce((a, b) => a + b, 0);
}

const ADMIN = { email: "ops-admin@e2e.test", password: "ops-admin-password-1" };

test("[OPS] health, readiness through a cut database, token-guarded metrics without ids, traces without ids or queries, SIGTERM exits 0", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  rmSync(DATA, { recursive: true, force: true });
  const database = await scratchDatabase("console_operations");
  const db = new URL(database.url);
  const forwarder = await startTcpForwarder({ host: db.hostname, port: Number(db.port || 5432) });
  const otlp = await startOtlpReceiver();
  const through = new URL(database.url);
  through.port = String(forwarder.port);
  const instance = await startConsoleInstance({
    name: "ops",
    port: PORT,
    dataDir: DATA,
    env: {
      DATABASE_URL: through.href,
      AUTH_SECRET: randomBytes(48).toString("base64url"),
      CONSOLE_VAULT_KEY: randomBytes(32).toString("base64"),
      CONSOLE_ADMIN_EMAIL: ADMIN.email,
      CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
      CONSOLE_METRICS_TOKEN: TOKEN,
      CONSOLE_SHUTDOWN_TIMEOUT_MS: "10000",
      // Two console processes on one port (one per core on this machine): every check below meets either.
      CONSOLE_WORKERS: "2",
      // Shared reads kept a minute: the processes share one cache (server/cluster/).
      CONSOLE_SHARED_READ_TTL_MS: "60000",
      CUSTODIAN_RATE_LIMIT: "600",
    },
  });
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${instance.origin}${path}`, { headers, redirect: "manual" });
  const scrapeText = async () => {
    const response = await get("/api/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(200);
    return response.text();
  };
  const ready = async () => {
    const response = await get("/api/ready");
    return { status: response.status, body: await response.text() };
  };
  /** Readiness until it answers `status`; each process notices on its own, so the answer kept is that first one. */
  const readyAs = async (status: number) => {
    let last = { status: 0, body: "" };
    await expect.poll(async () => (last = await ready()).status, { timeout: 30_000 }).toBe(status);
    return last;
  };
  try {
    // Liveness: no session, the plain answer a load balancer expects.
    const health = await get("/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    // An idle connection is kept longer than a balancer's own 60 s, so the balancer is the side that closes
    // it (Node's 5 s would close connections under a balancer about to reuse them: 502s).
    const kept = await new Promise<string | undefined>((resolve, reject) => {
      const agent = new http.Agent({ keepAlive: true });
      http
        .get(`${instance.origin}/api/health`, { agent }, (response) => {
          response.resume();
          response.on("end", () => {
            agent.destroy();
            resolve(String(response.headers["keep-alive"]));
          });
        })
        .on("error", reject);
    });
    expect(kept).toBe("timeout=65");

    // Readiness: every check passes on a healthy instance.
    const up = await readyAs(200);
    const healthy = JSON.parse(up.body) as { status: string; checks: { name: string; ok: boolean }[] };
    expect(healthy.status).toBe("ready");
    expect(healthy.checks.map((c) => [c.name, c.ok])).toEqual([
      ["database", true],
      ["migrations", true],
      ["jobs", true],
      ["draining", true],
    ]);

    // A page of a client, visited without a session: its metric names the route, not the id.
    const clientId = `cl${randomBytes(10).toString("hex")}`;
    expect((await get(`/clients/${clientId}`)).status).toBeGreaterThanOrEqual(300);

    // Twenty requests on twenty connections, which the two processes share out: the metrics a scraper
    // gets from either process count all twenty.
    const before = healthCount(await scrapeText());
    for (let i = 0; i < 20; i++) expect(await getOnNewConnection(instance.origin, "/api/health")).toBe(200);
    expect(healthCount(await scrapeText()) - before).toBe(20);

    // Metrics: refused without the token or with another one, served in Prometheus's format with it.
    expect((await get("/api/metrics")).status).toBe(401);
    expect((await get("/api/metrics", { authorization: `Bearer ${"x".repeat(48)}` })).status).toBe(401);
    const scraped = await get("/api/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get("content-type")).toContain("text/plain");
    const text = await scraped.text();
    expect(text).toMatch(/^# TYPE console_http_request_duration_seconds histogram$/m);
    expect(text).toMatch(
      /^console_http_request_duration_seconds_count\{[^}]*route="\/clients\/\[clientId\]"[^}]*\} [1-9]/m,
    );
    expect(text).toMatch(
      /^console_http_request_duration_seconds_count\{[^}]*route="\/api\/ready"[^}]*status="200"[^}]*\} [1-9]/m,
    );
    expect(text).toMatch(/^console_process_resident_memory_bytes\{[^}]*\} \d/m);
    expect(text).toMatch(/^console_audit_appends_total\{[^}]*outcome="ok"[^}]*\} [1-9]/m);
    expect(text).not.toContain(clientId);
    expect(text).not.toContain(TOKEN);

    // A page view is one trace: Next's request span, with the console's upstream call inside it.
    // Signed in on a page that reads nothing upstream; then the clients page, which fetches its next page as
    // soon as it is shown: that read is the page's own, and is done before the shared-read count below.
    const admin = await signedInPage(browser, ADMIN, "/users", instance.origin);
    const nextPage = admin.page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === "/api/clients" && url.searchParams.has("cursor");
    });
    await admin.page.goto("/clients");
    await expect(admin.page.getByRole("table", { name: "Clients" })).toBeVisible();
    expect((await nextPage).status()).toBe(200);
    const cookie = (await admin.context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    await admin.context.close();
    const upstreamOf = (route: string) => {
      const roots = otlp.spans.filter((s) => s.attributes["next.route"] === route);
      return otlp.spans.find(
        (s) =>
          s.name === "upstream GET /api/v3/custodians/me/clients" && roots.some((root) => root.traceId === s.traceId),
      );
    };
    await expect.poll(() => upstreamOf("/clients") !== undefined, { timeout: 20_000 }).toBe(true);
    const span = upstreamOf("/clients")!;
    expect(span.kind).toBe(3); // SPAN_KIND_CLIENT
    expect(span.attributes).toMatchObject({
      "http.request.method": "GET",
      "url.template": "/api/v3/custodians/me/clients",
    });
    expect(String(span.attributes["http.response.status_code"])).toBe("200");
    // Each upstream call is traced once, by its endpoint's template: no span of the trace carries the
    // upstream's URL, which holds ids in its path and query (as Next's own span of a fetch would).
    const withUrls = otlp.spans
      .filter((s) => s.traceId === span.traceId)
      .flatMap((s) => [s.name, ...Object.values(s.attributes).map(String)])
      .filter((value) => /https?:\/\/\S*\/api\/v3\//.test(value));
    expect(withUrls).toEqual([]);
    // PostgreSQL queries of the same request are spans of the same trace (statements, no values).
    expect(otlp.spans.some((s) => s.traceId === span.traceId && s.attributes["db.system.name"] === "postgresql")).toBe(
      true,
    );

    // One upstream budget for both processes: a list read ten times on ten connections (both processes
    // answer) is one read upstream, and the limit both report together is the one configured.
    const readsBefore = clientListReads(await scrapeText());
    for (let i = 0; i < 10; i++)
      expect(await getOnNewConnection(instance.origin, "/api/clients?take=10", { cookie })).toBe(200);
    expect(clientListReads(await scrapeText()) - readsBefore).toBe(1);
    expect(await scrapeText()).toMatch(/^console_upstream_rate_limit_capacity\{[^}]*scope="custodian"[^}]*\} 600$/m);

    // Every page of the build, signed in, with ids in its path and a query; the OIDC callback with a code
    // and a state; a path no route knows. Each request starts a trace of its own (its traceparent), and
    // its request spans name the route template (or "unmatched route"), never the URL as it came.
    const used: string[] = [clientId];
    const value = () => {
      used.push(`v${randomBytes(8).toString("hex")}`);
      return used.at(-1)!;
    };
    const visit = (path: string, template: string, params: Record<string, string>) => ({
      url: `${path}?${new URLSearchParams(params)}`,
      template,
      traceId: randomBytes(16).toString("hex"),
    });
    const visits = builtPagePaths().map((page) =>
      visit(probePath(page, value()), page, { q: value(), code: value(), state: value() }),
    );
    visits.push(
      visit("/api/auth/callback/oidc", "/api/auth/[...nextauth]", { code: value(), state: value() }),
      visit(`/no-such-place/${value()}`, "unmatched route", { token: value(), id: value() }),
    );
    expect(visits.length).toBeGreaterThan(20);
    for (const { url, traceId } of visits)
      await (
        await get(url, { cookie, traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` })
      ).arrayBuffer();
    const requestSpans = (traceId: string) => otlp.spans.filter((s) => s.traceId === traceId && s.kind === 2);
    await expect
      .poll(() => visits.filter((v) => requestSpans(v.traceId).length === 0).map((v) => v.url), { timeout: 30_000 })
      .toEqual([]);
    for (const { url, template, traceId } of visits)
      for (const span of requestSpans(traceId)) expect(span.attributes["http.target"], url).toBe(template);
    // Nothing received names a query or holds an id or a value of one, in its name, attributes, events or status.
    const leaks = otlp.spans.flatMap((span) => {
      const found = used.filter((v) => JSON.stringify(span).includes(v));
      const queries = [span.name, ...Object.values(span.attributes).map(String)].filter((v) => v.includes("?"));
      return found.length + queries.length > 0 ? [{ name: span.name, found, queries }] : [];
    });
    expect(leaks).toEqual([]);

    // The database goes away: liveness holds, readiness says which check fails and names no host.
    forwarder.cut();
    expect(await getOnNewConnection(instance.origin, "/api/health")).toBe(200);
    // Each process notices on its own: the answer checked is the first 503, whichever process gave it.
    const down = await readyAs(503);
    const verdict = JSON.parse(down.body) as { status: string; checks: { name: string; ok: boolean }[] };
    expect(verdict.status).toBe("not ready");
    expect(verdict.checks.find((c) => c.name === "database")?.ok).toBe(false);
    for (const secret of [db.hostname, String(forwarder.port), db.pathname.slice(1), "postgres://"])
      expect(down.body).not.toContain(secret);

    // It comes back: readiness returns without a restart.
    forwarder.restore();
    await readyAs(200);

    // SIGTERM: the instance hands its work back, closes the pool and exits 0 inside its timeout.
    const ended = await instance.terminate();
    expect(ended).toMatchObject({ code: 0, signal: null });
    expect(ended.ms).toBeLessThan(10_000);
  } finally {
    await instance.stop();
    await forwarder.close();
    await otlp.close();
    await database.drop();
  }
});
