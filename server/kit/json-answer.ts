import "server-only";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import Negotiator from "negotiator";
import { NextResponse } from "next/server";
import levels from "./compression-levels.json";

/**
 * A JSON answer, compressed here in one piece when it is worth it (scripts/serve.mjs compresses pages
 * and files as streams; the threshold is the same, from compression-levels.json).
 *
 * A route's JSON is whole before the first byte goes out, so it is compressed with one synchronous call
 * and sent with its length: no zlib stream built, no round trip to libuv's thread pool for each chunk,
 * no chunked framing, one write to the socket. Through the middleware's stream, a webhook's events (a
 * 36 KB answer) spent about 0.57 ms of CPU on compression and 0.5 ms on socket writes. Whole, Brotli at
 * quality 1 takes 0.09 ms for it (quality 2: 0.16 ms, 2 % smaller; gzip 2: 0.20 ms, 13 % larger).
 *
 * Below the threshold an answer goes plain and says `Cache-Control: no-transform`, which the middleware
 * (and any proxy) honours: Next streams a route's body without its length, so the middleware could not
 * see that `{"status":"ok"}` is small and would build, flush and end a zlib stream for it.
 */
export function jsonAnswer(
  body: unknown,
  init: { status?: number; headers?: Record<string, string>; acceptEncoding?: string | null } = {},
): NextResponse {
  const text = JSON.stringify(body);
  const cacheControl = init.headers?.["cache-control"] ?? "no-store";
  const headers = { ...init.headers, "content-type": "application/json", "cache-control": cacheControl };
  const size = Buffer.byteLength(text);
  if (size < levels.thresholdBytes)
    return new NextResponse(text, {
      status: init.status,
      headers: { ...headers, "cache-control": `${cacheControl}, no-transform` },
    });
  const encoding = init.acceptEncoding ? negotiated(init.acceptEncoding) : "identity";
  if (encoding === "identity")
    return new NextResponse(text, { status: init.status, headers: { ...headers, vary: "Accept-Encoding" } });
  const compressed = encoding === "br" ? brotli(text, size) : gzipSync(text, { level: levels.whole.gzipLevel });
  // A Buffer over a plain ArrayBuffer (never shared memory): the Response copies its bytes once, no copy before.
  return new NextResponse(compressed as Uint8Array<ArrayBuffer>, {
    status: init.status,
    headers: {
      ...headers,
      // Next drops Content-Encoding and Content-Length from a route's answer: scripts/serve.mjs puts
      // these back as those two as the answer goes out.
      "x-console-content-encoding": encoding,
      "x-console-content-length": String(compressed.byteLength),
      vary: "Accept-Encoding",
    },
  });
}

const ENCODINGS = ["br", "gzip", "identity"];

/**
 * What the client takes, Brotli first where it takes both at the same weight (as the middleware chooses).
 * Negotiator 0.6.4 takes that order as a second argument, which its types (0.6.3) do not list.
 */
function negotiated(acceptEncoding: string): string {
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }) as {
    encoding(available: string[], preferred: string[]): string | undefined;
  };
  return negotiator.encoding(ENCODINGS, ["br", "gzip"]) ?? "identity";
}

function brotli(text: string, size: number): Buffer {
  return brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: levels.whole.brotliQuality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
}
