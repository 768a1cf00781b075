/**
 * Injected failures, so the console's retry, timeout and error paths can be exercised:
 * SANDBOX_FAULT_RATE fails that share of requests with a random kind, and the request header
 * `x-sandbox-fault: 500|reset|timeout|malformed` forces one kind on one request.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { MiddlewareHandler } from "hono";
import { badRequest } from "./errors";
import type { SandboxHttpEnv } from "./types";

export const FAULT_HEADER = "x-sandbox-fault";
export const FAULT_KINDS = ["500", "reset", "timeout", "malformed"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultOptions {
  rate: number;
  /** How long a "timeout" fault holds the request before dropping the connection. */
  holdMs?: number;
  random?: () => number;
}

export function faults({
  rate,
  holdMs = 30_000,
  random = Math.random,
}: FaultOptions): MiddlewareHandler<SandboxHttpEnv> {
  return async (c, next) => {
    const forced = c.req.header(FAULT_HEADER);
    let kind: FaultKind | undefined;
    if (forced !== undefined) {
      if (!(FAULT_KINDS as readonly string[]).includes(forced))
        throw badRequest(`${FAULT_HEADER} must be one of ${FAULT_KINDS.join(", ")}`);
      kind = forced as FaultKind;
    } else if (rate > 0 && random() < rate) {
      kind = FAULT_KINDS[Math.floor(random() * FAULT_KINDS.length)];
    }
    if (!kind) return next();

    const socket = c.env?.incoming?.socket;
    switch (kind) {
      case "500":
        return c.json({ error: "Simulated internal server error (sandbox fault injection)" }, 500);
      case "malformed":
        // A 200 whose JSON is cut off mid-document: the client's parser, not its status check, must catch it.
        return c.body('{"data":[{"id":"', 200, { "content-type": "application/json" });
      case "timeout":
        await sleep(holdMs, undefined, { ref: false });
        socket?.destroy();
        return c.body(null, 504);
      case "reset":
        if (!socket) return c.json({ error: "Simulated connection reset (no socket under app.request)" }, 502);
        socket.destroy();
        return c.body(null, 502);
    }
  };
}
