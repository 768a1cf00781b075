import type { AsyncLocalStorage } from "node:async_hooks";
import { createServer, type Server } from "node:http";
import { Writable } from "node:stream";
import { trace } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@/server/log";
import { AdminClient } from "@/server/upstream";
import { listClientsFixture } from "@/testing/contracts/fixtures";
import { startTracing, stopTracing } from "./tracing";

/**
 * Tracing on: spans go to an OTLP/HTTP receiver (a plain HTTP server here, reading the JSON the
 * exporter posts to /v1/traces), an upstream call is a CLIENT span named by its endpoint's template
 * inside the span that was active, and a log line written inside a span carries its trace id.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const received: OtlpSpan[] = [];
let receiver: Server;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.url === "/v1/traces") {
        const parsed = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resource of parsed.resourceSpans)
          for (const scope of resource.scopeSpans) received.push(...scope.spans);
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const address = receiver.address() as { port: number };
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${address.port}`;
  expect(await startTracing()).toBe(true);
});

afterAll(async () => {
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value && (value.stringValue ?? value.intValue ?? value.boolValue);
};

describe("tracing", () => {
  it("exports an upstream call as a CLIENT span of the active one, named and labelled by its template", async () => {
    const lines: string[] = [];
    const log = createLogger(
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
      "info",
    );
    const client = new AdminClient({
      baseURL: "http://upstream.test",
      apiKey: "custodian-key",
      fetch: async () => Response.json(listClientsFixture),
    });
    const parent = await trace.getTracer("test").startActiveSpan("GET /clients", async (span) => {
      await client.clients.list({ take: 10 });
      // serve.mjs opens one store per HTTP exchange and writes the request id into it (server/network/edge-headers.ts).
      const exchanges = (globalThis as Record<symbol, AsyncLocalStorage<{ requestId?: string }>>)[
        Symbol.for("custodian-console.http-exchange")
      ]!;
      exchanges.run({ requestId: "req-7" }, () => log.info("inside the request"));
      span.end();
      return span.spanContext();
    });
    await stopTracing();

    const upstream = received.find((s) => s.name === "upstream GET /api/v3/custodians/me/clients");
    expect(upstream).toBeDefined();
    expect(upstream!.traceId).toBe(parent.traceId);
    expect(upstream!.parentSpanId).toBe(parent.spanId);
    expect(upstream!.kind).toBe(3); // SPAN_KIND_CLIENT in OTLP's enumeration
    // The spec's path for listing clients.
    expect(attribute(upstream!, "url.template")).toBe("/api/v3/custodians/me/clients");
    expect(attribute(upstream!, "http.request.method")).toBe("GET");
    expect(String(attribute(upstream!, "http.response.status_code"))).toBe("200");
    expect(JSON.stringify(upstream)).not.toContain("custodian-key");

    const line = JSON.parse(lines.find((l) => l.includes("inside the request"))!) as Record<string, unknown>;
    expect(line).toMatchObject({ requestId: "req-7", traceId: parent.traceId, spanId: parent.spanId });
  });
});
