import "server-only";
import type { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";

/**
 * OpenTelemetry traces, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set (OTLP over HTTP, the
 * exporter's own reading of the standard OTEL_* variables). Registered from Next's instrumentation
 * hook before the console starts, so Next's own request spans (one trace per request, named by its
 * route) are exported with the console's spans inside them: upstream calls (server/upstream/core.ts),
 * PostgreSQL queries (the pg instrumentation: statements only, never parameter values) and job runs
 * (server/jobs/driver.ts). Every URL a span holds is exported as its route template, never with its
 * ids or query (./span-urls.ts). Off, the API's no-op tracer costs nothing.
 */
const PROVIDER = Symbol.for("custodian-console.tracer-provider");
const holder = globalThis as unknown as Record<symbol, NodeTracerProvider | undefined>;

export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_SDK_DISABLED === "true" || holder[PROVIDER]) return false;
  const [{ NodeTracerProvider }, { OTLPTraceExporter }, { resourceFromAttributes }, semconv, { exportingProcessor }] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
      import("@opentelemetry/semantic-conventions"),
      import("./span-urls"),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [semconv.ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || "custodian-console",
    }),
    spanProcessors: [exportingProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  holder[PROVIDER] = provider;
  const [{ registerInstrumentations }, { PgInstrumentation }] = await Promise.all([
    import("@opentelemetry/instrumentation"),
    import("@opentelemetry/instrumentation-pg"),
  ]);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true })],
  });
  return true;
}

/** Sends the spans still buffered (at shutdown). */
export async function stopTracing(): Promise<void> {
  const provider = holder[PROVIDER];
  holder[PROVIDER] = undefined;
  await provider?.shutdown();
}
