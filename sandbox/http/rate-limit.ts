/**
 * SANDBOX_RATE_LIMIT: requests per minute per bearer token over a sliding 60-second window. Past
 * it, 429 with Retry-After (whole seconds until the oldest counted request leaves the window).
 * Tokens are keyed by their hash, so the limiter holds no credential.
 */
import type { MiddlewareHandler } from "hono";
import { hashSecret } from "../state/secrets";
import { HttpError } from "./errors";

const WINDOW_MS = 60_000;

export function rateLimit(limit: number | undefined, now: () => number = Date.now): MiddlewareHandler {
  const hits = new Map<string, number[]>();
  return async (c, next) => {
    if (limit === undefined) return next();
    const auth = c.req.header("authorization");
    const key = auth ? hashSecret(auth) : "anonymous";
    const t = now();
    const window = (hits.get(key) ?? []).filter((at) => at > t - WINDOW_MS);
    if (window.length >= limit) {
      hits.set(key, window);
      const retryAfter = Math.max(1, Math.ceil(((window[0] as number) + WINDOW_MS - t) / 1000));
      throw new HttpError(
        429,
        `Rate limit exceeded: ${limit} requests per minute per token (SANDBOX_RATE_LIMIT); retry after ${retryAfter} s`,
        {
          "retry-after": String(retryAfter),
          "x-ratelimit-limit": String(limit),
          "x-ratelimit-remaining": "0",
        },
      );
    }
    window.push(t);
    hits.set(key, window);
    if (hits.size > 10_000) for (const [k, v] of hits) if ((v.at(-1) ?? 0) <= t - WINDOW_MS) hits.delete(k);
    await next();
    c.res.headers.set("x-ratelimit-limit", String(limit));
    c.res.headers.set("x-ratelimit-remaining", String(limit - window.length));
  };
}
