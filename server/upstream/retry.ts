import "server-only";

/**
 * When a failed attempt may be sent again, and after how long. Only requests that cannot have
 * taken effect twice are resent: idempotent methods after 408, 429 or 5xx (or any connection
 * failure), and any request whose connection failed before it was sent.
 */

export interface RetryDelays {
  initialMs: number;
  maxMs: number;
  /** A longer Retry-After is not waited out: the call fails with RateLimitedError instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_DELAYS: RetryDelays = { initialMs: 500, maxMs: 8_000, maxRetryAfterMs: 60_000 };

const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

export function isIdempotentMethod(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

// Failures that happen while connecting, before any byte of the request left this process.
const PRE_SEND_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** The system error codes behind a failed fetch (undici wraps them in `cause`, sometimes an AggregateError). */
export function connectionErrorCodes(error: unknown): string[] {
  const codes: string[] = [];
  const visit = (e: unknown, depth: number) => {
    if (typeof e !== "object" || e === null || depth > 4) return;
    const { code, cause, errors } = e as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string") codes.push(code);
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
    visit(cause, depth + 1);
  };
  visit(error, 0);
  return codes;
}

export function failedBeforeSend(error: unknown): boolean {
  const codes = connectionErrorCodes(error);
  return codes.length > 0 && codes.every((c) => PRE_SEND_CODES.has(c));
}

/** Retry-After as milliseconds: `retry-after-ms`, or `retry-after` in seconds or as an HTTP date. */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = headers.get("retry-after-ms");
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with jitter: attempt 0 waits about initialMs, doubling up to maxMs, each cut by up to 25%. */
export function backoffDelay(attempt: number, delays: RetryDelays, random: () => number = Math.random): number {
  const base = Math.min(delays.maxMs, delays.initialMs * 2 ** attempt);
  return Math.round(base * (1 - random() * 0.25));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
