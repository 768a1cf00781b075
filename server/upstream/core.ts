import "server-only";
import type { Logger } from "pino";
import type { z } from "zod";
import { withYieldProvider, type Endpoint, type ResponseOf } from "@/lib/contracts/endpoints";
import { logger as defaultLogger } from "@/server/log";
import { inSpan } from "@/server/ops/spans";
import { recordUpstreamAttempt, type UpstreamAttempt } from "@/server/ops/upstream-health";
import { collectSecrets, redact } from "@/server/redact";
import { currentTiming, upstreamSpan } from "@/server/request-timing";
import { admit } from "./admission";
import {
  InvalidRequestError,
  RateLimitedError,
  UpstreamError,
  describeRequest,
  errorFromResponse,
  type UpstreamErrorContext,
  type UpstreamService,
} from "./errors";
import { chainSegment, fillPath, type EncodedSegment } from "./path";
import { afterErrorStatus, retryAfterConnectionError, retryAfterUnreadableBody, type CallPolicy } from "./policy";
import type { RateLimiter, RequestPriority } from "./rate-limiter";
import {
  DEFAULT_RETRY_DELAYS,
  isIdempotentMethod,
  parseRetryAfter,
  sleep as defaultSleep,
  type RetryDelays,
} from "./retry";
import { runtimeFetch } from "./runtime-fetch";
import { UpstreamPromise, type UpstreamResponse } from "./upstream-promise";
import {
  NotJsonError,
  connectionError,
  fetchOnce,
  parseErrorBody,
  parseResponse,
  searchParams,
  validateInput,
} from "./wire";

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

/** One call as every attempt of it sees it (UpstreamClient#prepare). */
interface PreparedCall {
  endpoint: Endpoint;
  input: CallInput;
  options: RequestOptions;
  ctx: UpstreamErrorContext;
  url: string;
  body: string | undefined;
  /** Values no log or error may show: the input's secret fields and every credential sent. */
  secrets: Set<string>;
  policy: CallPolicy;
  timeout: number;
  priority: RequestPriority;
  maxWaitMs: number | undefined;
}

/** An answer to one attempt, with what its log lines say and how long it took. */
interface Answer {
  response: Response;
  text: string;
  requestId: string | undefined;
  log: UpstreamErrorContext & { attempt: number; status: number; requestId: string | undefined };
  elapsed: () => number;
}

/** What one attempt came to: the answer, a resend after a delay, or a resend at once with a fresh credential. */
type AttemptResult =
  | { kind: "answered"; data: unknown; status: number; requestId: string | undefined }
  | { kind: "retry"; delayMs: number }
  | { kind: "renewed" };

/** The headers of one attempt: JSON both ways, the caller's own, and the credential last (it wins). */
function requestHeaders(extra: Record<string, string> | undefined, token: string): Record<string, string> {
  return {
    accept: "application/json",
    "content-type": "application/json",
    ...extra,
    authorization: `Bearer ${token}`,
  };
}

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
    this.#fetch = options.fetch ?? runtimeFetch();
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
    const traced = () =>
      inSpan(
        `upstream ${endpoint.method} ${endpoint.path}`,
        {
          kind: "client",
          attributes: {
            "http.request.method": endpoint.method,
            "url.template": endpoint.path,
            "upstream.service": this.service,
          },
        },
        async (span) => {
          try {
            const response = await this.#send(endpoint, input, options);
            span.setAttributes({
              "http.response.status_code": response.status,
              "upstream.attempts": response.attempts,
            });
            return response;
          } catch (error) {
            const status = (error as { status?: unknown }).status;
            if (typeof status === "number") span.setAttribute("http.response.status_code", status);
            throw error;
          }
        },
      );
    let sent = upstreamSpan(traced).catch((error: unknown) => {
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
    const call = this.#prepare(endpoint, input, options);
    const started = performance.now();
    let retries = 0;
    let renewedCredential = false;
    for (let attempt = 1; ; attempt++) {
      const result = await this.#attempt(call, attempt, retries, renewedCredential);
      if (result.kind === "answered") {
        const { data, status, requestId } = result;
        return { data, status, requestId, durationMs: Math.round(performance.now() - started), attempts: attempt };
      }
      if (result.kind === "renewed") {
        renewedCredential = true;
        continue;
      }
      retries++;
      await this.#sleep(result.delayMs, options.signal);
    }
  }

  /** What every attempt of one call shares: the checked input, the URL, the body, the policy and the limits. */
  #prepare(endpoint: Endpoint, input: CallInput, options: RequestOptions): PreparedCall {
    const ctx = this.#context(endpoint);
    if (options.validateInput !== false) validateInput(endpoint, input, ctx);
    const url = this.#url(endpoint, input, ctx);
    const body = endpoint.body === undefined && input.body === undefined ? undefined : JSON.stringify(input.body ?? {});
    const secrets = collectSecrets(input.body);
    const policy: CallPolicy = {
      idempotent: endpoint.idempotent ?? isIdempotentMethod(endpoint.method),
      maxRetries: options.maxRetries ?? this.maxRetries,
      delays: this.#delays,
    };
    const priority = options.priority ?? "interactive";
    const maxWaitMs = options.maxWaitMs ?? (priority === "interactive" ? currentTiming()?.maxWaitMs : undefined);
    const timeout = options.timeout ?? this.timeout;
    return { endpoint, input, options, ctx, url, body, secrets, policy, timeout, priority, maxWaitMs };
  }

  /** One attempt: admitted by the rate limit, sent with a current credential, and its answer judged. */
  async #attempt(call: PreparedCall, attempt: number, retries: number, renewed: boolean): Promise<AttemptResult> {
    const { ctx, options } = call;
    const log = { ...ctx, attempt };
    await this.#admit(log, call.priority, call.maxWaitMs, options.signal);
    const token = await this.#token();
    call.secrets.add(token);
    const attemptStarted = performance.now();
    const elapsed = () => Math.round(performance.now() - attemptStarted);
    const init = { method: call.endpoint.method, headers: requestHeaders(options.headers, token), body: call.body };
    let outcome: { response: Response; text: string };
    try {
      outcome = await fetchOnce(this.#fetch, call.url, init, call.timeout, options.signal);
    } catch (cause) {
      return this.#afterConnectionError(call, cause, log, elapsed, retries);
    }
    const { response, text } = outcome;
    const requestId = response.headers.get("x-request-id") ?? undefined;
    const answer: Answer = { response, text, requestId, log: { ...log, status: response.status, requestId }, elapsed };
    return response.ok
      ? this.#readSuccess(call, answer, retries)
      : this.#afterErrorStatus(call, answer, retries, renewed, token);
  }

  /** No answer (timeout, reset, refused): resent after a delay where that is safe, else failed. */
  #afterConnectionError(
    call: PreparedCall,
    cause: unknown,
    log: UpstreamErrorContext & { attempt: number },
    elapsed: () => number,
    retries: number,
  ): AttemptResult {
    const error = connectionError(cause, { ...call.ctx }, call.timeout, call.options.signal);
    const delay = retryAfterConnectionError(error, retries, call.policy);
    this.#log("warn", { ...log, durationMs: elapsed(), error: error.code, retryInMs: delay });
    if (delay === undefined) throw error;
    return { kind: "retry", delayMs: delay };
  }

  /** A 2xx: its body checked against the contract, or resent when it came cut off. */
  #readSuccess(call: PreparedCall, answer: Answer, retries: number): AttemptResult {
    const { endpoint, input, ctx } = call;
    const { response, requestId } = answer;
    let data: unknown;
    try {
      data = parseResponse(endpoint, input.responseSchema ?? endpoint.response, response.status, answer.text, {
        ...ctx,
        requestId,
      });
    } catch (error) {
      const delay = retryAfterUnreadableBody(error instanceof NotJsonError, retries, call.policy);
      if (delay === undefined) throw error;
      const code = (error as NotJsonError).code;
      this.#log("warn", { ...answer.log, durationMs: answer.elapsed(), error: code, retryInMs: delay });
      return { kind: "retry", delayMs: delay };
    }
    this.#log("info", { ...answer.log, durationMs: answer.elapsed() });
    return { kind: "answered", data, status: response.status, requestId };
  }

  /** A non-2xx: resent with a fresh credential, resent after a delay, or failed with its typed error. */
  #afterErrorStatus(
    call: PreparedCall,
    answer: Answer,
    retries: number,
    renewed: boolean,
    token: string,
  ): AttemptResult {
    const { response, requestId } = answer;
    const retryAfterMs = parseRetryAfter(response.headers);
    const error = errorFromResponse(response.status, parseErrorBody(answer.text), {
      ...call.ctx,
      requestId,
      retryAfterMs,
      secrets: call.secrets,
    });
    const canRenewCredential =
      !renewed && typeof this.#credential !== "string" && this.#credential.invalidate !== undefined;
    const next = afterErrorStatus({ status: response.status, retryAfterMs, canRenewCredential }, retries, call.policy);
    if (next.kind === "renew") {
      if (typeof this.#credential !== "string") this.#credential.invalidate?.(token);
      this.#log("warn", { ...answer.log, durationMs: answer.elapsed(), error: error.code, renewingCredential: true });
      return { kind: "renewed" };
    }
    if (next.pauseLimiterMs !== undefined) this.#limiter?.pause?.(next.pauseLimiterMs);
    const delay = next.kind === "retry" ? next.delayMs : undefined;
    this.#log("warn", { ...answer.log, durationMs: answer.elapsed(), error: error.code, retryInMs: delay });
    if (delay === undefined) throw error;
    return { kind: "retry", delayMs: delay };
  }

  /** Waits for the shared rate limit, or fails at once when a person would wait longer than they accept. */
  async #admit(
    log: UpstreamErrorContext & { attempt: number },
    priority: RequestPriority,
    maxWaitMs: number | undefined,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const wait = await admit(this.#limiter, priority, maxWaitMs, signal);
    if (wait !== undefined) {
      this.#log("warn", { ...log, error: "console_rate_limit", waitMs: Math.round(wait) });
      const { attempt: _attempt, ...ctx } = log;
      throw new RateLimitedError(
        `The console's own rate limit for ${describeRequest(ctx)} would hold this call ${Math.ceil(wait / 1000)} s`,
        { ...ctx, code: "console_rate_limit", retryAfterMs: wait, limit: this.#limiter?.limit },
      );
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

  #log(level: "info" | "warn", fields: Record<string, unknown>) {
    const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    this.#logger[level](redact(clean), "upstream request");
    recordUpstreamAttempt(fields as unknown as UpstreamAttempt);
  }
}
