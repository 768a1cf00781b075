import "server-only";
import type { Logger } from "pino";
import type { z } from "zod";
import { withYieldProvider, type Endpoint, type ResponseOf } from "@/lib/contracts/endpoints";
import { logger as defaultLogger } from "@/server/log";
import {
  ConnectionError,
  InvalidRequestError,
  InvalidResponseError,
  RateLimitedError,
  TimeoutError,
  UpstreamError,
  describeRequest,
  errorFromResponse,
  type FieldIssue,
  type UpstreamErrorContext,
  type UpstreamService,
} from "./errors";
import { chainSegment, fillPath, type EncodedSegment } from "./path";
import type { RateLimiter, RequestPriority } from "./rate-limit";
import { collectSecrets, redact, redactJsonInPlace } from "@/server/redact";
import { currentTiming, upstreamSpan } from "@/server/request-timing";
import {
  DEFAULT_RETRY_DELAYS,
  backoffDelay,
  failedBeforeSend,
  isIdempotentMethod,
  isRetryableStatus,
  parseRetryAfter,
  sleep as defaultSleep,
  type RetryDelays,
} from "./retry";
import { UpstreamPromise, type UpstreamResponse } from "./upstream-promise";

/** A bearer that can change: a session token from the cache, renewed when the upstream rejects it. */
export interface BearerProvider {
  token(): Promise<string>;
  /** Called with the token the upstream answered 401 to; the next token() should be a fresh one. */
  invalidate?(token: string): void;
}

export type Credential = string | BearerProvider;

export type UpstreamLogger = Pick<Logger, "info" | "warn">;

export interface UpstreamClientOptions {
  baseURL: string;
  apiKey: Credential;
  /** Per attempt, in ms, including reading the body. Default 30 s. */
  timeout?: number;
  /** Resends after the first attempt, where resending is safe. Default 2. */
  maxRetries?: number;
  fetch?: typeof fetch;
  /** Shared with every client using the same credential; none means unlimited. */
  rateLimiter?: RateLimiter;
  logger?: UpstreamLogger;
  retryDelays?: Partial<RetryDelays>;
  /** For tests: how to wait between attempts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Replaces the spec's "yield-provider" segment of the yield paths. */
  yieldProviderSegment?: string;
  /** Told when each call has settled, failed or not: shared reads it may have changed are dropped (shared-reads.ts). */
  afterCall?: (endpoint: Endpoint) => void;
}

export interface RequestOptions {
  timeout?: number;
  maxRetries?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Whose request this is, for the shared rate limit: a person waiting ("interactive", the default)
   * or a long job ("background"), which gets what people leave and at most its share of the limit.
   */
  priority?: RequestPriority;
  /**
   * A person is waiting: if the shared rate limit would hold this call longer than this, fail at once
   * with a RateLimitedError saying how long, instead of waiting. Default: the request's own
   * (request-timing.ts, set by defineRoute and defineAction) for interactive calls; none otherwise.
   */
  maxWaitMs?: number;
  /**
   * false sends input that breaks the contract anyway, so a conformance test can check that the
   * upstream answers it with a 400. Responses are always checked.
   */
  validateInput?: boolean;
}

export interface CallInput {
  params?: Readonly<Record<string, string | number>>;
  query?: object;
  body?: unknown;
  /** Narrower than the endpoint's response schema, e.g. build-transaction for one chain family. */
  responseSchema?: z.ZodType;
}

// Placeholders holding a chain: encoded by the chain rule of the spec (':' → %3A).
const CHAIN_PARAMS = new Set(["chain", "chainId"]);

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 2;

class TimeoutSignal {}

/**
 * The base of the three upstream clients (openai-node's shape): it owns the base URL, credential,
 * timeout, retries, rate limit and logging, checks every input and every response against the
 * contracts in lib/contracts, replaces secret-named fields of every answer but those of the
 * endpoints that hand out a secret (`handsOutSecret`), and turns failures into typed UpstreamErrors.
 */
export class UpstreamClient {
  readonly service: UpstreamService;
  readonly baseURL: string;
  readonly timeout: number;
  readonly maxRetries: number;
  readonly #credential: Credential;
  readonly #fetch: typeof fetch;
  readonly #limiter: RateLimiter | undefined;
  readonly #logger: UpstreamLogger;
  readonly #delays: RetryDelays;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #yieldSegment: string | undefined;
  readonly #afterCall: ((endpoint: Endpoint) => void) | undefined;

  constructor(service: UpstreamService, options: UpstreamClientOptions) {
    this.service = service;
    this.baseURL = options.baseURL.replace(/\/+$/, "");
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.#credential = options.apiKey;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#limiter = options.rateLimiter;
    this.#logger = options.logger ?? defaultLogger;
    this.#delays = { ...DEFAULT_RETRY_DELAYS, ...options.retryDelays };
    this.#sleep = options.sleep ?? defaultSleep;
    this.#yieldSegment = options.yieldProviderSegment;
    this.#afterCall = options.afterCall;
  }

  /** Calls one endpoint of the registry; resource methods are thin typed wrappers around this. */
  call<E extends Endpoint>(
    endpoint: E,
    input: CallInput = {},
    options: RequestOptions = {},
  ): UpstreamPromise<ResponseOf<E>> {
    let sent = upstreamSpan(() => this.#send(endpoint, input, options)).catch((error: unknown) => {
      // An abort while waiting (rate limit, backoff) surfaces as the signal's reason; report it like one mid-request.
      if (options.signal?.aborted && !(error instanceof UpstreamError))
        throw connectionError(error, this.#context(endpoint), this.timeout, options.signal);
      throw error;
    });
    const afterCall = this.#afterCall;
    if (afterCall)
      // Before the caller resumes, so what it reads next is not a cached answer from before its own write.
      sent = sent.then(
        (response) => (afterCall(endpoint), response),
        (error: unknown) => {
          afterCall(endpoint);
          throw error;
        },
      );
    return new UpstreamPromise(sent as Promise<UpstreamResponse<ResponseOf<E>>>);
  }

  #context(endpoint: Endpoint): UpstreamErrorContext {
    return { service: this.service, method: endpoint.method, path: endpoint.path };
  }

  async #send(endpoint: Endpoint, input: CallInput, options: RequestOptions): Promise<UpstreamResponse<unknown>> {
    const ctx = this.#context(endpoint);
    if (options.validateInput !== false) validateInput(endpoint, input, ctx);
    const url = this.#url(endpoint, input, ctx);
    const body = endpoint.body === undefined && input.body === undefined ? undefined : JSON.stringify(input.body ?? {});
    const secrets = collectSecrets(input.body);
    const idempotent = endpoint.idempotent ?? isIdempotentMethod(endpoint.method);
    const maxRetries = options.maxRetries ?? this.maxRetries;
    const timeout = options.timeout ?? this.timeout;
    const started = performance.now();
    let retries = 0;
    let renewedCredential = false;

    const priority = options.priority ?? "interactive";
    const maxWaitMs = options.maxWaitMs ?? (priority === "interactive" ? currentTiming()?.maxWaitMs : undefined);

    for (let attempt = 1; ; attempt++) {
      if (maxWaitMs !== undefined && this.#limiter?.expectedWait) {
        const wait = this.#limiter.expectedWait(priority);
        if (wait > maxWaitMs) {
          this.#log("warn", { ...ctx, attempt, error: "console_rate_limit", waitMs: Math.round(wait) });
          throw new RateLimitedError(
            `The console's own rate limit for ${describeRequest(ctx)} would hold this call ${Math.ceil(wait / 1000)} s`,
            { ...ctx, code: "console_rate_limit", retryAfterMs: wait, limit: this.#limiter.limit },
          );
        }
      }
      await this.#limiter?.acquire(options.signal, priority);
      const token = await this.#token();
      secrets.add(token);
      const attemptStarted = performance.now();
      const headers = {
        accept: "application/json",
        "content-type": "application/json",
        ...options.headers,
        authorization: `Bearer ${token}`,
      };
      const log = { ...ctx, attempt };
      const elapsed = () => Math.round(performance.now() - attemptStarted);

      let outcome: { response: Response; text: string };
      try {
        outcome = await this.#fetchOnce(url, { method: endpoint.method, headers, body }, timeout, options.signal);
      } catch (cause) {
        const error = connectionError(cause, { ...ctx }, timeout, options.signal);
        const retry = error.code !== "aborted" && retries < maxRetries && (idempotent || error.beforeSend);
        const delay = retry ? backoffDelay(retries, this.#delays) : undefined;
        this.#log("warn", { ...log, durationMs: elapsed(), error: error.code, retryInMs: delay });
        if (delay === undefined) throw error;
        retries++;
        await this.#sleep(delay, options.signal);
        continue;
      }

      const { response, text } = outcome;
      const requestId = response.headers.get("x-request-id") ?? undefined;
      if (response.ok) {
        const schema = input.responseSchema ?? endpoint.response;
        let data: unknown;
        try {
          data = parseResponse(endpoint, schema, response.status, text, { ...ctx, requestId });
        } catch (error) {
          // A body cut off on the way (not JSON at all) is a transport failure: an idempotent call is
          // sent again. A body that is JSON but breaks the contract would break it again, so it is not.
          if (!(idempotent && error instanceof NotJsonError && retries < maxRetries)) throw error;
          const delay = backoffDelay(retries, this.#delays);
          this.#log("warn", {
            ...log,
            status: response.status,
            durationMs: elapsed(),
            requestId,
            error: error.code,
            retryInMs: delay,
          });
          retries++;
          await this.#sleep(delay, options.signal);
          continue;
        }
        this.#log("info", { ...log, status: response.status, durationMs: elapsed(), requestId });
        return {
          data,
          status: response.status,
          requestId,
          durationMs: Math.round(performance.now() - started),
          attempts: attempt,
        };
      }

      const retryAfterMs = parseRetryAfter(response.headers);
      const error = errorFromResponse(response.status, parseErrorBody(text), {
        ...ctx,
        requestId,
        retryAfterMs,
        secrets,
      });
      if (
        response.status === 401 &&
        !renewedCredential &&
        typeof this.#credential !== "string" &&
        this.#credential.invalidate
      ) {
        // The upstream refused the credential before doing anything, so any method may be resent once with a fresh one.
        renewedCredential = true;
        this.#credential.invalidate(token);
        this.#log("warn", {
          ...log,
          status: 401,
          durationMs: elapsed(),
          requestId,
          error: error.code,
          renewingCredential: true,
        });
        continue;
      }
      // Another console instance (or another user of the key) spent the budget: everyone here waits it out, not only this call.
      if (response.status === 429) this.#limiter?.pause?.(retryAfterMs ?? backoffDelay(retries, this.#delays));
      let delay: number | undefined;
      if (idempotent && isRetryableStatus(response.status) && retries < maxRetries) {
        delay = retryAfterMs ?? backoffDelay(retries, this.#delays);
        if (delay > this.#delays.maxRetryAfterMs) delay = undefined;
      }
      this.#log("warn", {
        ...log,
        status: response.status,
        durationMs: elapsed(),
        requestId,
        error: error.code,
        retryInMs: delay,
      });
      if (delay === undefined) throw error;
      retries++;
      await this.#sleep(delay, options.signal);
    }
  }

  async #token(): Promise<string> {
    return typeof this.#credential === "string" ? this.#credential : this.#credential.token();
  }

  #url(endpoint: Endpoint, input: CallInput, ctx: UpstreamErrorContext): string {
    const template =
      endpoint.area === "yield" && this.#yieldSegment
        ? withYieldProvider(endpoint.path, this.#yieldSegment)
        : endpoint.path;
    const params: Record<string, string | number | EncodedSegment> = {};
    for (const [name, value] of Object.entries(input.params ?? {}))
      params[name] = CHAIN_PARAMS.has(name) ? chainSegment(String(value)) : value;
    let path: string;
    try {
      path = fillPath(template, params);
    } catch (error) {
      if (error instanceof InvalidRequestError)
        throw new InvalidRequestError(`Invalid request for ${describeRequest(ctx)}: ${error.message}`, {
          ...ctx,
          code: error.code,
          issues: error.issues,
        });
      throw error;
    }
    const search = searchParams(input.query);
    return `${this.baseURL}${path}${search ? `?${search}` : ""}`;
  }

  async #fetchOnce(url: string, init: RequestInit, timeoutMs: number, signal: AbortSignal | undefined) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimeoutSignal()), timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const response = await this.#fetch(url, { ...init, signal: controller.signal });
      // The body is read under the same timeout: a server that stalls mid-body is as stuck as one that never answers.
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

  #log(level: "info" | "warn", fields: Record<string, unknown>) {
    const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    this.#logger[level](redact(clean), "upstream request");
  }
}

function issuesOf(error: z.ZodError, prefix?: string): FieldIssue[] {
  return error.issues.slice(0, 10).map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter((p) => p !== undefined && p !== "").join("."),
    message: issue.message,
  }));
}

function validateInput(endpoint: Endpoint, input: CallInput, ctx: UpstreamErrorContext) {
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
class NotJsonError extends InvalidResponseError {}

function parseResponse(
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

function parseErrorBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.trim() ? text : undefined;
  }
}

function connectionError(
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
function searchParams(query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  return params.toString();
}
