import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { InMemorySpanExporter, NodeTracerProvider, type ReadableSpan } from "@opentelemetry/sdk-trace-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRoutesManifestForTests } from "./route-templates";
import { exportingProcessor } from "./span-urls";

/**
 * Spans as Next and a fetch make them (the attribute names and span names of Next's own tracing),
 * passed through the processor the console installs and caught by an in-memory exporter: whatever
 * reaches the exporter holds no id of a path, no query value and no path a route of the build does
 * not know; the console's own templates and everything that held no URL are as they were.
 */
const ids = {
  client: "cl-secret-id-0a1b2c",
  scanned: "cl-secret-id-9f8e7d",
  upstream: "cl-secret-id-5d4c3b",
  failed: "cl-secret-id-7a6b5c",
};
const query = {
  tab: "q-value-tab-31",
  code: "oidc-code-value-47",
  state: "oidc-state-value-59",
  token: "q-value-token-62",
  include: "q-value-include-73",
  failedState: "q-value-state-84",
};
const SECRETS = [...Object.values(ids), ...Object.values(query), "wp-admin", "setup.php", "callback/oidc"];

const memory = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [exportingProcessor(memory)] });
const next = provider.getTracer("next.js");
const own = provider.getTracer("custodian-console");
const pg = provider.getTracer("@opentelemetry/instrumentation-pg");
let exported: ReadableSpan[] = [];

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "routes-manifest-"));
  writeFileSync(
    path.join(dir, "routes-manifest.json"),
    JSON.stringify({
      staticRoutes: [
        { page: "/", regex: "^/(?:/)?$" },
        { page: "/clients", regex: "^/clients(?:/)?$" },
      ],
      dynamicRoutes: [
        { page: "/clients/[clientId]", regex: "^/clients/([^/]+?)(?:/)?$" },
        { page: "/api/auth/[...nextauth]", regex: "^/api/auth/(.+?)(?:/)?$" },
      ],
    }),
  );
  setRoutesManifestForTests(dir);

  // A page: Next's request span starts as "GET" with the URL as it came, and is renamed by its route.
  const page = next.startSpan("GET", {
    kind: SpanKind.SERVER,
    attributes: { "http.method": "GET", "http.target": `/clients/${ids.client}?tab=${query.tab}` },
  });
  page.setAttributes({
    "next.route": "/clients/[clientId]",
    "http.route": "/clients/[clientId]",
    "next.span_name": "GET /clients/[clientId]",
  });
  page.updateName("GET /clients/[clientId]");
  next.startSpan("generateMetadata /clients/[clientId]/page").end();
  next.startSpan("middleware GET", { attributes: { "http.target": `/clients/${ids.client}` } }).end();
  page.end();

  // The OIDC callback: a route no span renamed.
  next
    .startSpan("GET", {
      kind: SpanKind.SERVER,
      attributes: {
        "http.method": "GET",
        "http.target": `/api/auth/callback/oidc?code=${query.code}&state=${query.state}`,
        "url.full": `http://console.test/api/auth/callback/oidc?code=${query.code}&state=${query.state}`,
        "url.query": `code=${query.code}&state=${query.state}`,
      },
    })
    .end();

  // A scan of a path no route knows, in the newer conventions too.
  next
    .startSpan(`GET /wp-admin/${ids.scanned}/setup.php?token=${query.token}`, {
      kind: SpanKind.SERVER,
      attributes: {
        "http.target": `/wp-admin/${ids.scanned}/setup.php?token=${query.token}`,
        "url.full": `https://console.test/wp-admin/${ids.scanned}/setup.php?token=${query.token}`,
        "url.path": `/wp-admin/${ids.scanned}/setup.php`,
        "url.query": `token=${query.token}`,
        "next.span_name": `GET /wp-admin/${ids.scanned}/setup.php?token=${query.token}`,
      },
    })
    .end();

  // Next's span of a fetch names the whole URL.
  const upstreamUrl = `https://upstream.test/api/v3/custodians/me/clients/${ids.upstream}?include=${query.include}`;
  next
    .startSpan(`fetch GET ${upstreamUrl}`, {
      kind: SpanKind.CLIENT,
      attributes: { "http.url": upstreamUrl, "http.method": "GET", "net.peer.name": "upstream.test" },
    })
    .end();

  // A failure whose messages quote a URL.
  const failed = next.startSpan("GET /clients/[clientId]", { kind: SpanKind.SERVER });
  failed.addEvent("exception", {
    "exception.type": "Error",
    "exception.message": `fetch https://console.test/clients/${ids.failed}?state=${query.failedState} failed`,
  });
  failed.setStatus({
    code: SpanStatusCode.ERROR,
    message: `redirected to /clients/${ids.failed}?state=${query.failedState}`,
  });
  failed.end();

  // The console's own upstream span (its name and template are the upstream's) and a query of PostgreSQL.
  own
    .startSpan("upstream GET /api/v3/custodians/me/clients/{clientId}", {
      kind: SpanKind.CLIENT,
      attributes: { "url.template": "/api/v3/custodians/me/clients/{clientId}", "http.request.method": "GET" },
    })
    .end();
  pg.startSpan("pg.query:SELECT test", {
    attributes: { "db.system.name": "postgresql", "db.query.text": "select id from users where email = $1" },
  }).end();

  await provider.forceFlush();
  exported = memory.getFinishedSpans();
});

afterAll(() => provider.shutdown());

/** What an exporter sends of a span: its name, attributes, events, links and status. */
const sent = (span: ReadableSpan) =>
  JSON.stringify({
    name: span.name,
    attributes: span.attributes,
    events: span.events,
    links: span.links,
    status: span.status,
  });

const named = (name: string) => exported.filter((s) => s.name === name);

describe("spans on their way out", () => {
  it("every span reaches the exporter", () => {
    expect(exported).toHaveLength(9);
  });

  it("hold no query, no id of a path and no path no route knows", () => {
    for (const span of exported) {
      const text = sent(span);
      expect(text, span.name).not.toContain("?");
      for (const secret of SECRETS) expect(text, span.name).not.toContain(secret);
    }
  });

  it("give a request's URL as its route template", () => {
    const [page, failed] = named("GET /clients/[clientId]");
    expect(page!.attributes).toMatchObject({
      "http.target": "/clients/[clientId]",
      "next.route": "/clients/[clientId]",
      "next.span_name": "GET /clients/[clientId]",
    });
    expect(named("middleware GET")[0]!.attributes["http.target"]).toBe("/clients/[clientId]");
    const callback = exported.find((s) => s.name === "GET" && s.attributes["http.method"] === "GET")!;
    expect(callback.attributes["http.target"]).toBe("/api/auth/[...nextauth]");
    expect(callback.attributes["url.full"]).toBe("/api/auth/[...nextauth]");
    expect(callback.attributes).not.toHaveProperty("url.query");
    expect(failed!.status.message).toBe("redirected to /clients/[clientId]");
    expect(failed!.events[0]!.attributes!["exception.message"]).toBe("fetch /clients/[clientId] failed");
  });

  it("give a path no route knows as a fixed placeholder, in names and attributes alike", () => {
    const scan = named("GET unmatched route")[0]!;
    expect(scan.attributes).toEqual({
      "http.target": "unmatched route",
      "url.full": "unmatched route",
      "url.path": "unmatched route",
      "next.span_name": "GET unmatched route",
    });
    const fetch = named("fetch GET unmatched route")[0]!;
    expect(fetch.attributes).toEqual({
      "http.url": "unmatched route",
      "http.method": "GET",
      "net.peer.name": "upstream.test",
    });
  });

  it("keep what was a template or held no URL as it was", () => {
    expect(named("generateMetadata /clients/[clientId]/page")).toHaveLength(1);
    expect(named("upstream GET /api/v3/custodians/me/clients/{clientId}")[0]!.attributes).toEqual({
      "url.template": "/api/v3/custodians/me/clients/{clientId}",
      "http.request.method": "GET",
    });
    const query = named("pg.query:SELECT test")[0]!;
    expect(query.attributes).toEqual({
      "db.system.name": "postgresql",
      "db.query.text": "select id from users where email = $1",
    });
    expect(query.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
  });
});
