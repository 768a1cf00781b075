import { setTimeout as sleep } from "node:timers/promises";
import type { MiddlewareHandler } from "hono";

/** SANDBOX_LATENCY_MS: a fixed delay before every request, to make waterfalls and spinners visible. */
export function latency(ms: number): MiddlewareHandler {
  return async (_c, next) => {
    if (ms > 0) await sleep(ms);
    await next();
  };
}
