import "server-only";
import type { z } from "zod";
import type { Endpoint } from "@/lib/contracts/endpoints";
import { redactJsonInPlace } from "@/server/redact";
import {
  ConnectionError,
  InvalidRequestError,
  InvalidResponseError,
  TimeoutError,
  describeRequest,
  type FieldIssue,
  type UpstreamErrorContext,
} from "./errors";
import { failedBeforeSend } from "./retry";

/**
 * One upstream call on the wire: the input checked against the contract, one attempt sent under a
 * timeout that covers reading the body, and the answer read (JSON, secret-named fields dropped, checked
 * against the contract) or turned into a typed error.
 */

export class TimeoutSignal {}

export function issuesOf(error: z.ZodError, prefix?: string): FieldIssue[] {
  return error.issues.slice(0, 10).map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter((p) => p !== undefined && p !== "").join("."),
    message: issue.message,
  }));
}

export function validateInput(
  endpoint: Endpoint,
  input: { params?: unknown; query?: unknown; body?: unknown },
  ctx: UpstreamErrorContext,
) {
  const issues: FieldIssue[] = [];
  const check = (schema: z.ZodType | undefined, value: unknown, part: string) => {
    if (!schema) return;
    const result = schema.safeParse(value ?? {});
    if (!result.success) issues.push(...issuesOf(result.error, part));
  };
  check(endpoint.params, input.params, "params");
  check(endpoint.query, input.query, "query");
  check(endpoint.body, input.body, "body");
  const first = issues[0];
  if (first)
    throw new InvalidRequestError(`Invalid request for ${describeRequest(ctx)}: ${first.path}: ${first.message}`, {
      ...ctx,
      code: "invalid_request",
      issues,
    });
}

/** An answer whose body is not JSON at all (cut off, or not an API's answer): safe to ask again for a read. */
export class NotJsonError extends InvalidResponseError {}

export function parseResponse(
  endpoint: Endpoint,
  schema: z.ZodType,
  status: number,
  text: string,
  ctx: UpstreamErrorContext,
): unknown {
  if (endpoint.status === 204 || status === 204) return undefined;
  const fail = (issues: FieldIssue[], Kind: typeof InvalidResponseError = InvalidResponseError) => {
    const first = issues[0] as FieldIssue;
    return new Kind(`Invalid response from ${describeRequest(ctx)}: ${first.path || "(body)"}: ${first.message}`, {
      ...ctx,
      status,
      code: "invalid_response",
      issues,
    });
  };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw fail([{ path: "", message: "the body is not JSON" }], NotJsonError);
  }
  // Before anything keeps, logs, parses or returns it: a secret the upstream sends where the spec
  // shows none (a webhook's signing secret) is dropped here, once, for every caller and cache.
  if (!endpoint.handsOutSecret) redactJsonInPlace(body);
  const result = schema.safeParse(body);
  if (!result.success) throw fail(issuesOf(result.error));
  return result.data;
}

export function parseErrorBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.trim() ? text : undefined;
  }
}

export function connectionError(
  cause: unknown,
  ctx: UpstreamErrorContext,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): ConnectionError {
  const where = describeRequest(ctx);
  if (cause instanceof TimeoutSignal)
    return new TimeoutError(`No response from ${where} within ${timeoutMs} ms`, { ...ctx, code: "timeout" });
  if (signal?.aborted) return new ConnectionError(`Request to ${where} was aborted`, { ...ctx, code: "aborted" });
  const beforeSend = failedBeforeSend(cause);
  return new ConnectionError(`Could not reach ${where}${beforeSend ? " (connection refused or host not found)" : ""}`, {
    ...ctx,
    code: beforeSend ? "connection_refused" : "connection_error",
    beforeSend,
    cause,
  });
}

/** Query values on the wire: lists comma-delimited, as the spec's list filters are. */
export function searchParams(query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  return params.toString();
}

/** One attempt: the body is read under the same timeout, since a server that stalls mid-body is as stuck as one that never answers. */
export async function fetchOnce(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<{ response: Response; text: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutSignal()), timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const response = await fetchImpl(url, { ...init, signal: controller.signal });
    const text = response.status === 204 ? "" : await response.text();
    return { response, text };
  } catch (error) {
    if (controller.signal.reason instanceof TimeoutSignal) throw new TimeoutSignal();
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}
