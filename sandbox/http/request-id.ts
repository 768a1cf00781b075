import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { SandboxHttpEnv } from "./types";

export const REQUEST_ID_HEADER = "x-request-id";

/** Every response, errors and faults included, carries a fresh request id (as stripe-mock's Request-Id). */
export function requestId(): MiddlewareHandler<SandboxHttpEnv> {
  return async (c, next) => {
    const id = `req_${randomBytes(12).toString("hex")}`;
    c.set("requestId", id);
    c.header(REQUEST_ID_HEADER, id);
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, id);
  };
}
