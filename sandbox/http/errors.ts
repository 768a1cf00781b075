/**
 * One error shape for the whole administration API: `{ error: string }` with the status. The real
 * service uses it for its documented 400s (create-session, build-transaction, enable-eject).
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { SandboxHttpEnv } from "./types";

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);

export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  headers: Record<string, string> = {},
) {
  return c.json({ error: message }, status, headers);
}

/** The app-wide onError: HttpErrors become their JSON body; anything else is logged and hidden. */
export function handleError(err: Error, c: Context<SandboxHttpEnv>) {
  if (err instanceof HttpError) return errorResponse(c, err.status, err.message, err.headers);
  const requestId = c.get("requestId");
  console.error(`sandbox: ${c.req.method} ${c.req.path} failed (request ${requestId}):`, err);
  return errorResponse(c, 500, `Internal sandbox error (request id ${requestId}); the sandbox log has the details`);
}

/**
 * The JSON object body of a request. An empty body reads as {} (bodies with only optional fields may
 * be omitted); anything that is not a JSON object fails with the error `fail` makes, so each service
 * keeps its own error envelope.
 */
export async function readJsonObject(
  c: Context,
  fail: (problem: "not-json" | "not-object") => Error = (p) =>
    badRequest(p === "not-json" ? "Request body is not valid JSON" : "Request body must be a JSON object"),
): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fail("not-json");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw fail("not-object");
  return value as Record<string, unknown>;
}
