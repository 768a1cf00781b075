import "server-only";
import { context, propagation, ROOT_CONTEXT } from "@opentelemetry/api";
import { logger } from "@/server/log";
import { admitLocally } from "@/server/upstream/admission";
import { isUpstreamError, upstreamErrorToJSON } from "@/server/upstream/errors";
import { localRateLimiter } from "@/server/upstream/process-limiters";
import { type RequestPriority } from "@/server/upstream/rate-limiter";
import { runSharedRead } from "@/server/upstream/shared-admin-reads";
import { resolveSharedOptions } from "@/server/upstream/shared-budget";
import { getSharedReads } from "@/server/upstream/shared-reads";
import type { KeeperBody, KeeperChannel } from "./channel";

/**
 * The keeper's side (./channel.ts): the other processes' requests, served from this process's own
 * limiters and shared-read cache, so every process draws on one budget and one cache.
 *
 * - admit {key, limit, windowMs, backgroundShare, priority, maxWaitMs?}: answered when granted, or at once
 *   with `refusedWaitMs` when a person would wait longer than maxWaitMs;
 * - cancel {target}: the asker gave up on its admit (the waiter leaves the queue);
 * - pause {key, ms}: the upstream answered 429 with Retry-After: nobody is granted for ms;
 * - read {name, args, trace}: one of the shared reads, answered with its value or its upstream error,
 *   made in the asking request's trace;
 * - invalidate {endpoints}: a write elsewhere may have changed these reads.
 */
export function serveKeeperRequests(channel: KeeperChannel) {
  const waiting = new Map<string, AbortController>();
  channel.onRequest((from, body) => {
    switch (body.op) {
      case "admit":
        return void admit(channel, waiting, from, body);
      case "cancel":
        return void waiting.get(`${from}:${String(body.target)}`)?.abort(new Error("the asker gave up"));
      case "pause":
        // The limiter bounds the pause itself (a Retry-After past five minutes is not applied to everyone).
        if (typeof body.ms === "number") limiterFor(body)?.pause(body.ms);
        return;
      case "read":
        return void read(channel, from, body);
      case "invalidate":
        if (Array.isArray(body.endpoints))
          getSharedReads().invalidate(body.endpoints.filter((e): e is string => typeof e === "string"));
        return;
      default:
        channel.answer(from, { id: body.id, error: "unknown-request" });
    }
  });
}

function limiterFor(body: KeeperBody) {
  if (typeof body.key !== "string") return undefined;
  try {
    return localRateLimiter(
      body.key,
      resolveSharedOptions({
        limit: Number(body.limit),
        ...(typeof body.windowMs === "number" ? { windowMs: body.windowMs } : {}),
        ...(typeof body.backgroundShare === "number" ? { backgroundShare: body.backgroundShare } : {}),
      }),
    );
  } catch {
    return undefined;
  }
}

async function admit(channel: KeeperChannel, waiting: Map<string, AbortController>, from: number, body: KeeperBody) {
  const limiter = limiterFor(body);
  if (!limiter) return channel.answer(from, { id: body.id, error: "bad-limit" });
  const priority: RequestPriority = body.priority === "background" ? "background" : "interactive";
  const maxWaitMs = typeof body.maxWaitMs === "number" ? body.maxWaitMs : undefined;
  const key = `${from}:${body.id}`;
  const controller = new AbortController();
  waiting.set(key, controller);
  try {
    const refusedWaitMs = await admitLocally(limiter, priority, maxWaitMs, controller.signal);
    channel.answer(from, { id: body.id, ...(refusedWaitMs === undefined ? {} : { refusedWaitMs }) });
  } catch {
    // Cancelled by the asker, who no longer waits for the answer.
  } finally {
    waiting.delete(key);
  }
}

async function read(channel: KeeperChannel, from: number, body: KeeperBody) {
  try {
    // In the asking request's trace, when it sent one.
    const carrier = typeof body.trace === "object" && body.trace !== null ? (body.trace as Record<string, string>) : {};
    const value = await context.with(propagation.extract(ROOT_CONTEXT, carrier), () =>
      runSharedRead(String(body.name), Array.isArray(body.args) ? body.args : []),
    );
    channel.answer(from, { id: body.id, value });
  } catch (error) {
    if (isUpstreamError(error)) return channel.answer(from, { id: body.id, upstreamError: upstreamErrorToJSON(error) });
    logger.error({ err: error, read: String(body.name).slice(0, 40) }, "shared read for another process failed");
    channel.answer(from, { id: body.id, error: "failed" });
  }
}
