import "server-only";
import { SpanKind, SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api";

/**
 * The console's own spans, inside whatever span is active (Next's request span, a job's drive).
 * Attributes are templates and codes, never ids, keys or values.
 */
export const CONSOLE_TRACER = "custodian-console";
const tracer = () => trace.getTracer(CONSOLE_TRACER);

export async function inSpan<T>(
  name: string,
  options: { kind?: "client" | "internal"; attributes?: Attributes },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(
    name,
    { kind: options.kind === "client" ? SpanKind.CLIENT : SpanKind.INTERNAL, attributes: options.attributes },
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as { code?: string })?.code ?? "error" });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** The active span's ids, for log lines (empty outside a sampled span). */
export function traceIds(): { traceId?: string; spanId?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  if (!context || !trace.isSpanContextValid(context)) return {};
  return { traceId: context.traceId, spanId: context.spanId };
}
