import "server-only";
import { performance } from "node:perf_hooks";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { authorize, type Requirement } from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";
import { crossSite, HTTP_STATUS } from "@/server/errors";
import { jsonAnswer } from "@/server/kit/json-answer";
import { toAppError } from "@/server/kit/to-app-error";
import { validationError } from "@/server/kit/validation-error";
import { logger } from "@/server/log";
import { requestSiteVerdict } from "@/server/network/cross-site";
import { measure, routeDuration } from "@/server/ops/metrics";
import { requestContext, type RequestContext } from "@/server/request-context";
import { PERSON_MAX_WAIT_MS, serverTimingHeader, withRequestTiming } from "@/server/request-timing";

export interface RouteContext extends RequestContext {
  user: StaffUser;
  request: NextRequest;
  params: Record<string, string | string[]>;
}

/**
 * The read-side twin of defineAction for GET route handlers: refuse cross-site requests (403
 * CROSS_SITE, server/network/cross-site.ts) → authorize → parse the query (and path params) with
 * zod → run → JSON. Errors come back as `{ error: { code, message } }` with a
 * matching status, never as upstream or database text. `run` may return a Response (streams).
 *
 * A person is waiting for every route: a read the shared rate limit would hold longer than
 * PERSON_MAX_WAIT_MS answers 429 RATE_LIMITED at once, with Retry-After and `retryAfterSeconds`.
 * Every answer carries `Server-Timing: upstream;dur=…, app;dur=…` (time on the upstream, and the
 * rest: the console's own work).
 */
export function defineRoute<Q extends z.ZodType, R>(config: {
  permission: Requirement;
  query: Q;
  run: (query: z.infer<Q>, ctx: RouteContext) => Promise<R | Response>;
}) {
  return function handler(
    request: NextRequest,
    segment: { params: Promise<Record<string, string | string[]>> },
  ): Promise<Response> {
    return withRequestTiming({ maxWaitMs: PERSON_MAX_WAIT_MS }, async (timing) => {
      const started = performance.now();
      const response = await respond(request, segment);
      // A static route gets no params promise from Next.
      const params = (await Promise.resolve(segment?.params).catch(() => undefined)) ?? {};
      measure(() => {
        const route = templateOf(request.nextUrl.pathname, params);
        routeDuration().observe({ route, status: String(response.status) }, (performance.now() - started) / 1000);
      });
      try {
        response.headers.set("server-timing", serverTimingHeader(timing));
      } catch {
        // A Response whose headers are immutable (a proxied fetch) goes out without the timing.
      }
      return response;
    });
  };

  async function respond(
    request: NextRequest,
    segment: { params: Promise<Record<string, string | string[]>> },
  ): Promise<Response> {
    const ctx = await requestContext();
    try {
      // First of all: a request a page on another site may have sent gets no further, not even to
      // the session check, so nothing is read, done or recorded in the signed-in person's name.
      const site = requestSiteVerdict(request.headers);
      if (!site.allowed) {
        logger.warn(
          { requestId: ctx.requestId, path: request.nextUrl.pathname, reason: site.reason },
          "cross-site request refused",
        );
        throw crossSite();
      }
      const user = await authorize(config.permission);
      const params = (await segment?.params) ?? {};
      const raw = { ...Object.fromEntries(request.nextUrl.searchParams), ...params };
      const parsed = config.query.safeParse(raw);
      if (!parsed.success) throw validationError(parsed.error, raw, config.query);
      const result = await config.run(parsed.data, { ...ctx, user, request, params });
      if (result instanceof Response) return result;
      return jsonAnswer(result, {
        headers: { "cache-control": "private, no-store", "x-request-id": ctx.requestId },
        acceptEncoding: request.headers.get("accept-encoding"),
      });
    } catch (caught) {
      const error = toAppError(caught);
      if (HTTP_STATUS[error.code] >= 500)
        logger.error({ err: caught, requestId: ctx.requestId, path: request.nextUrl.pathname }, "route failed");
      const retryAfter = error.retryAfterSeconds;
      return jsonAnswer(
        {
          error: {
            code: error.code,
            message: error.userMessage,
            requestId: ctx.requestId,
            ...(error.fields ? { fields: error.fields } : {}),
            ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
            ...(error.runs ? { runs: error.runs } : {}),
            ...(error.reason ? { reason: error.reason } : {}),
          },
        },
        {
          status: HTTP_STATUS[error.code],
          headers: {
            "cache-control": "no-store",
            "x-request-id": ctx.requestId,
            ...(retryAfter !== undefined ? { "retry-after": String(retryAfter) } : {}),
          },
        },
      );
    }
  }
}

/**
 * The route's path with each dynamic segment's value put back as its name (`/api/clients/[clientId]`),
 * so a metric's label never holds a client's id.
 */
export function templateOf(pathname: string, params: Record<string, string | string[]>): string {
  const byValue = new Map<string, string>();
  for (const [name, value] of Object.entries(params))
    for (const v of Array.isArray(value) ? value : [value]) byValue.set(String(v), name);
  const names = byValue.size;
  const template = pathname
    .split("/")
    .map((part) => {
      const name = byValue.get(part) ?? byValue.get(decodeSafely(part));
      return name ? `[${name}]` : part;
    })
    .join("/");
  // A value that could not be found in the path (another encoding) must not leave its id in a label.
  return names > 0 && !template.includes("[") ? "other" : template;
}

function decodeSafely(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
