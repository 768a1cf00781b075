import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETRY_DELAYS,
  backoffDelay,
  failedBeforeSend,
  isIdempotentMethod,
  isRetryableStatus,
  parseRetryAfter,
} from "./retry";

describe("retry rules", () => {
  it("treats GET, PUT and DELETE as idempotent, POST and PATCH not", () => {
    expect(["GET", "PUT", "DELETE"].every(isIdempotentMethod)).toBe(true);
    expect(["POST", "PATCH"].some(isIdempotentMethod)).toBe(false);
  });

  it("retries 408, 429 and 5xx only", () => {
    expect([408, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  });

  it("reads Retry-After in seconds, as an HTTP date, and retry-after-ms", () => {
    const now = Date.parse("2025-06-01T10:00:00Z");
    expect(parseRetryAfter(new Headers({ "retry-after": "3" }), now)).toBe(3000);
    expect(parseRetryAfter(new Headers({ "retry-after": "0.5" }), now)).toBe(500);
    expect(parseRetryAfter(new Headers({ "retry-after": "Sun, 01 Jun 2025 10:00:07 GMT" }), now)).toBe(7000);
    expect(parseRetryAfter(new Headers({ "retry-after": "Sun, 01 Jun 2025 09:00:00 GMT" }), now)).toBe(0);
    expect(parseRetryAfter(new Headers({ "retry-after-ms": "250" }), now)).toBe(250);
    expect(parseRetryAfter(new Headers({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(parseRetryAfter(new Headers(), now)).toBeUndefined();
  });

  it("backs off exponentially with up to 25% jitter, capped", () => {
    expect(backoffDelay(0, DEFAULT_RETRY_DELAYS, () => 0)).toBe(500);
    expect(backoffDelay(1, DEFAULT_RETRY_DELAYS, () => 0)).toBe(1000);
    expect(backoffDelay(2, DEFAULT_RETRY_DELAYS, () => 1)).toBe(1500);
    expect(backoffDelay(10, DEFAULT_RETRY_DELAYS, () => 0)).toBe(8000);
  });

  it("knows which connection failures happened before sending", () => {
    const refused = new TypeError("fetch failed", {
      cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }),
    });
    const reset = new TypeError("fetch failed", {
      cause: Object.assign(new Error("other side closed"), { code: "ECONNRESET" }),
    });
    const happyEyeballs = new TypeError("fetch failed", {
      cause: new AggregateError([
        Object.assign(new Error("a"), { code: "ECONNREFUSED" }),
        Object.assign(new Error("b"), { code: "EHOSTUNREACH" }),
      ]),
    });
    expect(failedBeforeSend(refused)).toBe(true);
    expect(failedBeforeSend(happyEyeballs)).toBe(true);
    expect(failedBeforeSend(reset)).toBe(false);
    expect(failedBeforeSend(new Error("unknown"))).toBe(false);
  });
});
