/**
 * The request pipeline every sandbox port shares, in order: request id → /health (exempt from the
 * knobs, so a supervisor never sees injected faults) → latency → rate limit → faults → control
 * rules (when on) → routes →
 * JSON 404. Errors anywhere become `{ error }` through one handler.
 */
import { Hono } from "hono";
import { controlled, type Control } from "./control";
import { handleError } from "./errors";
import { faults } from "./faults";
import { latency } from "./latency";
import { notFoundJson } from "./not-found";
import { rateLimit } from "./rate-limit";
import { requestId } from "./request-id";
import type { SandboxHttpEnv } from "./types";

export interface HttpKnobs {
  latencyMs: number;
  faultRate: number;
  /** Requests per minute per bearer; undefined = off. */
  rateLimit: number | undefined;
  /** Hold time of a "timeout" fault (30 s by default; tests shorten it). */
  faultHoldMs?: number;
  random?: () => number;
  /** Rules set at run time (SANDBOX_CONTROL=on); shared by both ports. */
  control?: Control;
}

export function createHttpApp(service: string, knobs: HttpKnobs): Hono<SandboxHttpEnv> {
  const app = new Hono<SandboxHttpEnv>();
  app.use("*", requestId());
  app.get("/health", (c) => c.json({ ok: true, service }));
  app.use("*", latency(knobs.latencyMs));
  app.use("*", rateLimit(knobs.rateLimit));
  app.use("*", faults({ rate: knobs.faultRate, holdMs: knobs.faultHoldMs, random: knobs.random }));
  if (knobs.control) app.use("*", controlled(knobs.control));
  app.notFound(notFoundJson);
  app.onError(handleError);
  return app;
}
