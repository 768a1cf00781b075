import "server-only";
import { NextResponse } from "next/server";

/**
 * The size from which scripts/serve.mjs compresses an answer (its `threshold`, the same number).
 * Next streams a route's body without its length, so the middleware cannot see that an answer is small
 * and would compress even `{"status":"ok"}`: a zlib stream built, flushed and ended for a few bytes, about
 * a twentieth of what the console spends on a small route. An answer that knows it is small says so with
 * `Cache-Control: no-transform`, which the middleware (and any proxy) honours.
 */
const COMPRESS_FROM_BYTES = 1024;

/** A JSON answer, marked `no-transform` when it is too small to be worth compressing. */
export function jsonAnswer(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): NextResponse {
  const text = JSON.stringify(body);
  const cacheControl = init.headers?.["cache-control"] ?? "no-store";
  return new NextResponse(text, {
    status: init.status,
    headers: {
      ...init.headers,
      "content-type": "application/json",
      "cache-control": Buffer.byteLength(text) < COMPRESS_FROM_BYTES ? `${cacheControl}, no-transform` : cacheControl,
    },
  });
}
