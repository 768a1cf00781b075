import { describe, expect, it } from "vitest";
import { tooLongAWait } from "./admission";
import { afterErrorStatus, retryAfterConnectionError, retryAfterUnreadableBody, type CallPolicy } from "./policy";

// random() = 0 takes the jitter away: the backoff is then exactly initialMs × 2^retries, capped at maxMs.
const delays = { initialMs: 500, maxMs: 8_000, maxRetryAfterMs: 60_000 };
const read: CallPolicy = { idempotent: true, maxRetries: 2, delays, random: () => 0 };
const write: CallPolicy = { ...read, idempotent: false };

describe("tooLongAWait", () => {
  const limiter = (wait: number) => ({ expectedWait: () => wait });
  it("goes on when the caller sets no limit, or the limiter cannot tell", () => {
    expect(tooLongAWait(limiter(90_000), "interactive", undefined)).toBeUndefined();
    expect(tooLongAWait({}, "interactive", 1_000)).toBeUndefined();
    expect(tooLongAWait(undefined, "interactive", 1_000)).toBeUndefined();
  });
  it("reports the wait only when it is longer than the person accepts", () => {
    expect(tooLongAWait(limiter(1_000), "interactive", 1_000)).toBeUndefined();
    expect(tooLongAWait(limiter(1_001), "interactive", 1_000)).toBe(1_001);
  });
  it("asks the limiter for the wait of the call's own priority", () => {
    const asked: (string | undefined)[] = [];
    tooLongAWait({ expectedWait: (p) => (asked.push(p), 0) }, "background", 10);
    expect(asked).toEqual(["background"]);
  });
});

describe("retryAfterConnectionError", () => {
  it("resends a read with a doubling backoff until the retries run out", () => {
    const error = { code: "connection_error" as const, beforeSend: false };
    expect(retryAfterConnectionError(error, 0, read)).toBe(500);
    expect(retryAfterConnectionError(error, 1, read)).toBe(1_000);
    expect(retryAfterConnectionError(error, 2, read)).toBeUndefined();
  });
  it("resends a write only when nothing was sent", () => {
    expect(retryAfterConnectionError({ code: "connection_error", beforeSend: false }, 0, write)).toBeUndefined();
    expect(retryAfterConnectionError({ code: "connection_refused", beforeSend: true }, 0, write)).toBe(500);
  });
  it("never resends what the caller aborted", () => {
    expect(retryAfterConnectionError({ code: "aborted", beforeSend: true }, 0, read)).toBeUndefined();
  });
});

describe("retryAfterUnreadableBody", () => {
  it("asks again for a read whose body is not JSON, never for a write or for JSON that breaks the contract", () => {
    expect(retryAfterUnreadableBody(true, 0, read)).toBe(500);
    expect(retryAfterUnreadableBody(true, 2, read)).toBeUndefined();
    expect(retryAfterUnreadableBody(true, 0, write)).toBeUndefined();
    expect(retryAfterUnreadableBody(false, 0, read)).toBeUndefined();
  });
});

describe("afterErrorStatus", () => {
  const answer = (status: number, retryAfterMs?: number, canRenewCredential = false) => ({
    status,
    retryAfterMs,
    canRenewCredential,
  });
  it("renews a refused credential once, for any method", () => {
    expect(afterErrorStatus(answer(401, undefined, true), 0, write)).toEqual({ kind: "renew" });
    expect(afterErrorStatus(answer(401, undefined, false), 0, read)).toEqual({ kind: "fail" });
  });
  it("resends a read after 408, 429 and 5xx, never after another 4xx", () => {
    for (const status of [408, 429, 500, 502, 503])
      expect(afterErrorStatus(answer(status), 0, read).kind, String(status)).toBe("retry");
    for (const status of [400, 403, 404, 409, 422])
      expect(afterErrorStatus(answer(status), 0, read).kind, String(status)).toBe("fail");
  });
  it("never resends a write, but a 429 still pauses every caller of the limiter", () => {
    expect(afterErrorStatus(answer(503), 0, write)).toEqual({ kind: "fail" });
    expect(afterErrorStatus(answer(429, 2_000), 0, write)).toEqual({ kind: "fail", pauseLimiterMs: 2_000 });
  });
  it("waits the upstream's Retry-After, or a backoff without one, and pauses the limiter as long on a 429", () => {
    expect(afterErrorStatus(answer(503, 3_000), 0, read)).toEqual({ kind: "retry", delayMs: 3_000 });
    expect(afterErrorStatus(answer(429), 1, read)).toEqual({ kind: "retry", delayMs: 1_000, pauseLimiterMs: 1_000 });
  });
  it("fails rather than wait out a Retry-After beyond what it waits, or once the retries are spent", () => {
    expect(afterErrorStatus(answer(429, 60_001), 0, read)).toEqual({ kind: "fail", pauseLimiterMs: 60_001 });
    expect(afterErrorStatus(answer(503), 2, read)).toEqual({ kind: "fail" });
  });
});
