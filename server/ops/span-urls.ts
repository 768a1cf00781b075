import "server-only";
import type { AttributeValue, Attributes } from "@opentelemetry/api";
import {
  BatchSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-node";
import { routeTemplate } from "./route-templates";
import { CONSOLE_TRACER } from "./spans";

/**
 * No exported span holds a query string or an id of a URL. Next's own spans carry the request's URL
 * as it came (`http.target`: `/clients/cl7…?tab=…`, an OIDC callback's `?code=…&state=…`) and a span
 * of a fetch names its whole URL. Before export, each such URL becomes the route template of the
 * build its path matches (`/clients/[clientId]`, ./route-templates.ts), or UNMATCHED when no route
 * has it: a scan of random paths, an id or a query never leaves the process. An ended span is
 * read-only, so the exporter is handed rewritten copies.
 */
const UNMATCHED = "unmatched route";

/** Attributes that hold a request's URL or path (old and current semantic conventions). */
const URL_KEYS = new Set(["http.target", "http.url", "url.full", "url.path", "url.original"]);
/** Attributes that hold only a query: not exported at all. */
const QUERY_KEYS = new Set(["url.query"]);
/** Next repeats a span's name as an attribute. */
const NAME_KEY = "next.span_name";

/** In any text: an http(s) URL, or a path with a query or fragment. */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>]+|(?<![^\s("'])\/[^\s"'<>?#]*[?#][^\s"'<>]*/gi;
/** In the name of a span that is not the console's own (whose names are templates by construction): any URL or path. */
const URL_IN_NAME = /\bhttps?:\/\/[^\s"'<>]+|(?<![^\s("'])\/[^\s"'<>]*/gi;
/** A file of a route that Next names in a span (`generateMetadata /clients/[clientId]/page`). */
const ROUTE_FILE = /\/(?:page|layout|route|template|default)$/;

function pathOf(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return url.split(/[?#]/, 1)[0];
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

/** The route template of a URL or path, or UNMATCHED. */
function urlTemplate(url: string): string {
  const pathname = pathOf(url);
  return (pathname?.startsWith("/") && routeTemplate(pathname)) || UNMATCHED;
}

/** A path in a span's name: kept when it is a template already (or one of its route's files), else its template. */
function namePath(token: string): string {
  const route = token.replace(ROUTE_FILE, "") || "/";
  return !/[?#]/.test(token) && !token.includes("://") && routeTemplate(route) === route ? token : urlTemplate(token);
}

const templatedText = (text: string) => text.replace(URL_IN_TEXT, (url) => urlTemplate(url));
const templatedName = (name: string) => name.replace(URL_IN_NAME, (token) => namePath(token));

function mapStrings(value: AttributeValue | undefined, map: (text: string) => string): AttributeValue | undefined {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? map(v) : v)) as AttributeValue;
  return value;
}

function templatedAttributes(attributes: Attributes, ownSpan: boolean): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (QUERY_KEYS.has(key)) continue;
    const map = URL_KEYS.has(key) ? urlTemplate : key === NAME_KEY && !ownSpan ? templatedName : templatedText;
    out[key] = mapStrings(value, map);
  }
  return out;
}

function withTemplatedUrls(span: ReadableSpan): ReadableSpan {
  const own = span.instrumentationScope.name === CONSOLE_TRACER;
  return {
    name: own ? templatedText(span.name) : templatedName(span.name),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: span.status.message ? { ...span.status, message: templatedText(span.status.message) } : span.status,
    attributes: templatedAttributes(span.attributes, own),
    links: span.links.map((link) =>
      link.attributes ? { ...link, attributes: templatedAttributes(link.attributes, own) } : link,
    ),
    events: span.events.map((event) =>
      event.attributes ? { ...event, attributes: templatedAttributes(event.attributes, own) } : event,
    ),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

class TemplatedUrlExporter implements SpanExporter {
  readonly #next: SpanExporter;
  constructor(next: SpanExporter) {
    this.#next = next;
  }
  export(spans: ReadableSpan[], done: Parameters<SpanExporter["export"]>[1]): void {
    this.#next.export(spans.map(withTemplatedUrls), done);
  }
  shutdown(): Promise<void> {
    return this.#next.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.#next.forceFlush?.() ?? Promise.resolve();
  }
}

/** What server/ops/tracing.ts installs: spans batched, their URLs made templates, then handed to `exporter`. */
export function exportingProcessor(exporter: SpanExporter): SpanProcessor {
  return new BatchSpanProcessor(new TemplatedUrlExporter(exporter), { scheduledDelayMillis: 1000 });
}
