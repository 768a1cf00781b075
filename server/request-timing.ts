import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What one route handler or server action spends waiting on the upstream, carried through its async
 * calls with AsyncLocalStorage (server/request-context.ts stays a plain function of the request's
 * headers, which the tests replace). It is kept apart from the upstream clients, which only report
 * into it, so `Server-Timing` can say how much of a response was the console's own work:
 * `app` = total − `upstream`.
 *
 * `upstream` is wall time while at least one upstream call of the request was under way: calls in
 * parallel count once, and it includes waiting for the shared rate limit and for a coalesced read
 * another request started, since the console does nothing meanwhile.
 */
export interface RequestTiming {
  startedAt: number;
  upstreamMs: number;
  /** Upstream calls under way now, and since when at least one has been. */
  active: number;
  activeSince: number;
  /**
   * A person is waiting: an upstream call that the rate limit would hold longer than this fails at
   * once with RATE_LIMITED and the wait, instead of keeping them waiting without a word.
   */
  maxWaitMs?: number;
}

/**
 * How long a person may be kept waiting for the shared rate limit before being told instead:
 * route handlers, server actions and the pages' shared reads fail with RATE_LIMITED past it.
 */
export const PERSON_MAX_WAIT_MS = 3_000;

/**
 * What serve.mjs keeps per HTTP exchange, so it can add `Server-Timing` to responses the handler
 * cannot set headers on (server actions). Absent when the console is not served by serve.mjs.
 */
export interface HttpExchange {
  serverTiming?: string;
  /** The request id serve.mjs gave this exchange (server/network/edge-headers.ts): every log line written while serving it carries it. */
  requestId?: string;
}

// On globalThis under registered symbols: Next bundles server code per layer, and serve.mjs (outside
// the bundle) must see the same store as the handlers inside it.
const registry = globalThis as {
  [key: symbol]: AsyncLocalStorage<RequestTiming> | AsyncLocalStorage<HttpExchange> | undefined;
};
const TIMING = Symbol.for("custodian-console.request-timing");
const EXCHANGE = Symbol.for("custodian-console.http-exchange");
const timingStorage = (registry[TIMING] ??= new AsyncLocalStorage<RequestTiming>()) as AsyncLocalStorage<RequestTiming>;
const exchangeStorage = (registry[EXCHANGE] ??=
  new AsyncLocalStorage<HttpExchange>()) as AsyncLocalStorage<HttpExchange>;

/** Runs `fn` as one request of its own (nested requests do not add to the outer one). */
export function withRequestTiming<T>(
  options: { maxWaitMs?: number },
  fn: (timing: RequestTiming) => Promise<T>,
): Promise<T> {
  const timing: RequestTiming = {
    startedAt: performance.now(),
    upstreamMs: 0,
    active: 0,
    activeSince: 0,
    maxWaitMs: options.maxWaitMs,
  };
  return timingStorage.run(timing, () => fn(timing));
}

export function currentTiming(): RequestTiming | undefined {
  return timingStorage.getStore();
}

/** The HTTP exchange serve.mjs opened for this request, if any. */
export function currentExchange(): HttpExchange | undefined {
  return exchangeStorage.getStore();
}

/** Counts `work` as time spent on the upstream for the current request (if there is one). */
export async function upstreamSpan<T>(work: () => Promise<T>): Promise<T> {
  const timing = timingStorage.getStore();
  if (!timing) return work();
  if (timing.active++ === 0) timing.activeSince = performance.now();
  try {
    return await work();
  } finally {
    if (--timing.active === 0) timing.upstreamMs += performance.now() - timing.activeSince;
  }
}

/** `upstream;dur=…, app;dur=…` for the request so far, in ms with one decimal. */
export function serverTimingHeader(timing: RequestTiming, now = performance.now()): string {
  const upstream = timing.upstreamMs + (timing.active > 0 ? now - timing.activeSince : 0);
  const app = Math.max(0, now - timing.startedAt - upstream);
  return `upstream;dur=${upstream.toFixed(1)}, app;dur=${app.toFixed(1)}`;
}
