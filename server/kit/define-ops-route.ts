import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { crossSite, HTTP_STATUS } from "@/server/errors";
import { requestSiteVerdict } from "@/server/network/cross-site";
import { jsonAnswer } from "./json-answer";
import { toAppError } from "./to-app-error";

/**
 * The handlers an operator's tools call (health, readiness, metrics): no staff session, no query to
 * parse, nothing recorded. Like every route they refuse a request a page on another site may have
 * sent (403 CROSS_SITE) before any work; a load balancer or Prometheus sends no such headers.
 * `run` returns the Response; a thrown error becomes the console's JSON error with no detail.
 */
const opsRoutes = new WeakSet<object>();

export function defineOpsRoute(run: (request: NextRequest) => Promise<Response>) {
  const handler = async (request: NextRequest): Promise<Response> => {
    const requestId = request.headers.get("x-request-id") ?? randomUUID();
    try {
      if (!requestSiteVerdict(request.headers).allowed) throw crossSite();
      const response = await run(request);
      // Kept from a small JSON answer (./json-answer.ts): not worth compressing.
      const noTransform = response.headers.get("cache-control")?.includes("no-transform") ?? false;
      response.headers.set("cache-control", noTransform ? "no-store, no-transform" : "no-store");
      response.headers.set("x-request-id", requestId);
      return response;
    } catch (caught) {
      const error = toAppError(caught);
      return jsonAnswer(
        { error: { code: error.code, message: error.userMessage, requestId } },
        { status: HTTP_STATUS[error.code], headers: { "cache-control": "no-store", "x-request-id": requestId } },
      );
    }
  };
  opsRoutes.add(handler);
  return handler;
}

/** For the tests that walk every route: an operator's route, made by defineOpsRoute. */
export const isOpsRoute = (handler: unknown): boolean => typeof handler === "function" && opsRoutes.has(handler);
