import "server-only";
import { scrubSecrets } from "@/server/redact";

/**
 * Typed upstream failures. Every message is safe to log and to show to staff: it names the
 * service, method and path template (never ids or query values) and carries only upstream text
 * that was scrubbed of the request's secrets. The raw body is never kept.
 */

export type UpstreamService = "admin" | "mpc" | "yield";

export interface UpstreamErrorContext {
  service?: UpstreamService;
  method?: string;
  /** The path template ({clientId}), not the filled path. */
  path?: string;
  requestId?: string;
}

interface ErrorInit extends UpstreamErrorContext {
  status?: number;
  code: string;
  cause?: unknown;
  /** The upstream's own explanation, secrets scrubbed: what the console may show a user. */
  upstreamMessage?: string;
}

/**
 * Next bundles server code per layer, so one error class can exist in two copies and `instanceof`
 * fails across them. A registered symbol survives that; check errors with the helpers below.
 */
const BRAND = Symbol.for("custodian-console.upstream-error");

export class UpstreamError extends Error {
  override name = "UpstreamError";
  /** HTTP status, when a response arrived. */
  readonly status: number | undefined;
  /** Machine-readable: the upstream's own id when it sent one (e.g. SIGN_FAILED), else ours (bad_request…). */
  readonly code: string;
  /** The upstream's x-request-id, to quote to its support. */
  readonly requestId: string | undefined;
  readonly service: UpstreamService | undefined;
  readonly method: string | undefined;
  readonly path: string | undefined;
  readonly upstreamMessage: string | undefined;

  constructor(message: string, init: ErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.service = init.service;
    this.method = init.method;
    this.path = init.path;
    this.upstreamMessage = init.upstreamMessage;
    Object.defineProperty(this, BRAND, { value: true });
  }

  toJSON() {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      code: this.code,
      requestId: this.requestId,
      service: this.service,
      method: this.method,
      path: this.path,
    };
  }
}

export class BadRequestError extends UpstreamError {
  override name = "BadRequestError";
}
export class UnauthorizedError extends UpstreamError {
  override name = "UnauthorizedError";
}
export class NotFoundError extends UpstreamError {
  override name = "NotFoundError";
}
export class RateLimitedError extends UpstreamError {
  override name = "RateLimitedError";
  /** How long the upstream asked to wait, when it said (or how long the console's own limit would hold the call). */
  readonly retryAfterMs: number | undefined;
  /**
   * Set when the console refused the call itself, before sending it: the requests a minute its own
   * limiter allows (CUSTODIAN_RATE_LIMIT), which were used up for longer than a person should wait.
   */
  readonly limit: number | undefined;
  constructor(message: string, init: ErrorInit & { retryAfterMs?: number; limit?: number }) {
    super(message, init);
    this.retryAfterMs = init.retryAfterMs;
    this.limit = init.limit;
  }
  override toJSON() {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs, limit: this.limit };
  }
}
export class ServerError extends UpstreamError {
  override name = "ServerError";
}
/** No response: the connection failed or was reset, or the caller aborted. */
export class ConnectionError extends UpstreamError {
  override name = "ConnectionError";
  /** True when the request provably never reached the upstream (refused, unresolvable), so resending is safe. */
  readonly beforeSend: boolean;
  constructor(message: string, init: ErrorInit & { beforeSend?: boolean }) {
    super(message, init);
    this.beforeSend = init.beforeSend ?? false;
  }
  override toJSON() {
    return { ...super.toJSON(), beforeSend: this.beforeSend };
  }
}
export class TimeoutError extends ConnectionError {
  override name = "TimeoutError";
}

export interface FieldIssue {
  path: string;
  message: string;
}

/** A body that breaks the contract, with the failing fields. */
abstract class ContractError extends UpstreamError {
  /** Path of the first failing field, e.g. "results.3.wallets.0.curve"; "" for the body itself. */
  readonly fieldPath: string;
  readonly issues: FieldIssue[];
  constructor(message: string, init: ErrorInit & { issues: FieldIssue[] }) {
    super(message, init);
    this.issues = init.issues;
    this.fieldPath = init.issues[0]?.path ?? "";
  }
  override toJSON() {
    return { ...super.toJSON(), fieldPath: this.fieldPath, issues: this.issues };
  }
}

/** A 2xx whose body does not match the contract. */
export class InvalidResponseError extends ContractError {
  override name = "InvalidResponseError";
}

/** The caller's input broke the contract; nothing was sent. */
export class InvalidRequestError extends ContractError {
  override name = "InvalidRequestError";
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}

interface Kinds {
  BadRequestError: BadRequestError;
  UnauthorizedError: UnauthorizedError;
  NotFoundError: NotFoundError;
  RateLimitedError: RateLimitedError;
  ServerError: ServerError;
  ConnectionError: ConnectionError;
  TimeoutError: TimeoutError;
  InvalidResponseError: InvalidResponseError;
  InvalidRequestError: InvalidRequestError;
}

/** `instanceof` that also works across bundle copies; ConnectionError includes TimeoutError. */
export function isUpstreamErrorOf<K extends keyof Kinds>(error: unknown, kind: K): error is Kinds[K] {
  if (!isUpstreamError(error)) return false;
  return error.name === kind || (kind === "ConnectionError" && error.name === "TimeoutError");
}

export function describeRequest(ctx: UpstreamErrorContext): string {
  return [ctx.service, ctx.method, ctx.path].filter(Boolean).join(" ");
}

const MAX_UPSTREAM_TEXT = 300;

/** The upstream's own message and error id, from whichever error body shape it used. */
export function readErrorBody(body: unknown): { message?: string; code?: string } {
  if (typeof body === "string") return { message: body };
  if (typeof body !== "object" || body === null) return {};
  const record = body as Record<string, unknown>;
  const nested = record.error;
  // MPC, error-codes page: { error: { id, message, code } }
  if (typeof nested === "object" && nested !== null) return readErrorBody(nested);
  // MPC: { id: "SIGN_FAILED", message }
  const code = typeof record.id === "string" && /^[A-Z][A-Z0-9_]+$/.test(record.id) ? record.id : undefined;
  const message = Array.isArray(record.message)
    ? record.message.filter((m) => typeof m === "string").join("; ")
    : typeof record.message === "string"
      ? record.message
      : typeof nested === "string"
        ? nested
        : undefined;
  return { ...(message ? { message } : {}), ...(code ? { code } : {}) };
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  408: "Request timeout",
  409: "Conflict",
  422: "Unprocessable",
  429: "Rate limited",
};

/** The typed error for a non-2xx response. */
export function errorFromResponse(
  status: number,
  body: unknown,
  ctx: UpstreamErrorContext & { retryAfterMs?: number; secrets?: Iterable<string> },
): UpstreamError {
  const { secrets, retryAfterMs, ...context } = ctx;
  const { message: upstreamText, code: upstreamCode } = readErrorBody(body);
  const label = STATUS_TEXT[status] ?? (status >= 500 ? "Upstream server error" : `HTTP ${status}`);
  const upstreamMessage = upstreamText ? scrubSecrets(upstreamText, secrets).slice(0, MAX_UPSTREAM_TEXT) : undefined;
  const message = `${label} (${status}) from ${describeRequest(context)}${upstreamMessage ? `: ${upstreamMessage}` : ""}`;
  const base = { ...context, status, upstreamMessage };
  if (status === 400 || status === 409 || status === 422)
    return new BadRequestError(message, { ...base, code: upstreamCode ?? "bad_request" });
  if (status === 401 || status === 403)
    return new UnauthorizedError(message, { ...base, code: upstreamCode ?? "unauthorized" });
  if (status === 404) return new NotFoundError(message, { ...base, code: upstreamCode ?? "not_found" });
  if (status === 429)
    return new RateLimitedError(message, { ...base, code: upstreamCode ?? "rate_limited", retryAfterMs });
  if (status >= 500) return new ServerError(message, { ...base, code: upstreamCode ?? "server_error" });
  return new UpstreamError(message, { ...base, code: upstreamCode ?? `http_${status}` });
}

type ErrorJson = ReturnType<UpstreamError["toJSON"]> & {
  upstreamMessage?: string;
  retryAfterMs?: number;
  limit?: number;
  beforeSend?: boolean;
  issues?: FieldIssue[];
};

/** What another console process needs to throw the same error again (upstreamErrorFromJSON). */
export function upstreamErrorToJSON(error: UpstreamError): ErrorJson {
  return { ...error.toJSON(), upstreamMessage: error.upstreamMessage };
}

/** The error another console process met, as its own class again (its message was safe to show there too). */
export function upstreamErrorFromJSON(json: ErrorJson): UpstreamError {
  const init = {
    status: json.status,
    code: json.code,
    requestId: json.requestId,
    service: json.service,
    method: json.method,
    path: json.path,
    upstreamMessage: json.upstreamMessage,
  };
  switch (json.name) {
    case "BadRequestError":
      return new BadRequestError(json.message, init);
    case "UnauthorizedError":
      return new UnauthorizedError(json.message, init);
    case "NotFoundError":
      return new NotFoundError(json.message, init);
    case "RateLimitedError":
      return new RateLimitedError(json.message, { ...init, retryAfterMs: json.retryAfterMs, limit: json.limit });
    case "ServerError":
      return new ServerError(json.message, init);
    case "ConnectionError":
      return new ConnectionError(json.message, { ...init, beforeSend: json.beforeSend });
    case "TimeoutError":
      return new TimeoutError(json.message, { ...init, beforeSend: json.beforeSend });
    case "InvalidResponseError":
      return new InvalidResponseError(json.message, { ...init, issues: json.issues ?? [] });
    case "InvalidRequestError":
      return new InvalidRequestError(json.message, { ...init, issues: json.issues ?? [] });
    default:
      return new UpstreamError(json.message, init);
  }
}
