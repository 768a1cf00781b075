import { describe, expect, it } from "vitest";
import {
  DEVICE_COOKIE_MAX_AGE_S,
  deviceFor,
  deviceSetCookie,
  issueDeviceToken,
  nextDeviceCookieValue,
  readDeviceTokens,
  verifyDeviceToken,
} from "./device-cookie";

const SECRET = "auth-secret-of-this-console-0123456789";
const ALICE = "2b1c0c1e-1d7b-4a49-9f5e-1a1e1c1e1d01";
const BOB = "2b1c0c1e-1d7b-4a49-9f5e-1a1e1c1e1d02";
const t0 = new Date("2026-03-01T12:00:00Z");
const days = (n: number) => new Date(t0.getTime() + n * 86_400_000);

describe("device cookies", () => {
  it("verify for the account they were issued to, with a nonce of their own", () => {
    const token = issueDeviceToken(SECRET, ALICE, t0);
    expect(verifyDeviceToken(SECRET, token, t0)).toMatchObject({ userId: ALICE, nonce: expect.any(String) });
    expect(deviceFor(SECRET, [token], ALICE, t0)?.nonce).toHaveLength(22);
    expect(issueDeviceToken(SECRET, ALICE, t0)).not.toBe(token);
  });

  it("do not count for another account", () => {
    expect(deviceFor(SECRET, [issueDeviceToken(SECRET, ALICE, t0)], BOB, t0)).toBeNull();
  });

  it("refuse a forgery: another key, an edited account, nonce or date, a cut signature, junk", () => {
    const token = issueDeviceToken(SECRET, ALICE, t0);
    const [, nonce, issued, mac] = token.split(".");
    expect(verifyDeviceToken("another-console-secret-0123456789", token, t0)).toBeNull();
    expect(verifyDeviceToken(SECRET, [BOB, nonce, issued, mac].join("."), t0)).toBeNull();
    expect(verifyDeviceToken(SECRET, [ALICE, "A".repeat(22), issued, mac].join("."), t0)).toBeNull();
    expect(verifyDeviceToken(SECRET, [ALICE, nonce, String(Number(issued) + 1), mac].join("."), t0)).toBeNull();
    expect(verifyDeviceToken(SECRET, token.slice(0, -1), t0)).toBeNull();
    for (const junk of ["", "x", "a.b.c.d", `${token}.extra`, "💥".repeat(300)])
      expect(verifyDeviceToken(SECRET, junk, t0)).toBeNull();
  });

  it("expire after 180 days, and are not taken from the future", () => {
    const token = issueDeviceToken(SECRET, ALICE, t0);
    expect(verifyDeviceToken(SECRET, token, days(179))).not.toBeNull();
    expect(verifyDeviceToken(SECRET, token, new Date(t0.getTime() + DEVICE_COOKIE_MAX_AGE_S * 1000 + 1000))).toBeNull();
    expect(verifyDeviceToken(SECRET, issueDeviceToken(SECRET, ALICE, days(1)), t0)).toBeNull();
  });

  it("keep one token per account, newest first, the other accounts' valid ones kept, five at most", () => {
    const bob = issueDeviceToken(SECRET, BOB, t0);
    const oldAlice = issueDeviceToken(SECRET, ALICE, t0);
    const value = nextDeviceCookieValue(SECRET, [oldAlice, bob, "forged.token.1.x"], ALICE, days(1));
    const tokens = value.split("~");
    expect(tokens).toHaveLength(2);
    expect(verifyDeviceToken(SECRET, tokens[0]!, days(1))).toMatchObject({ userId: ALICE });
    expect(tokens[1]).toBe(bob);
    const many = Array.from({ length: 8 }, (_, i) =>
      issueDeviceToken(SECRET, `2b1c0c1e-1d7b-4a49-9f5e-1a1e1c1e1d1${i}`, t0),
    );
    expect(nextDeviceCookieValue(SECRET, many, ALICE, t0).split("~")).toHaveLength(5);
  });

  it("are read from a Cookie header under either name, and set HttpOnly, SameSite=Strict, long-lived", () => {
    expect(readDeviceTokens("a=1; console-device=t1~t2; b=2")).toEqual(["t1", "t2"]);
    expect(readDeviceTokens("__Host-console-device=t3")).toEqual(["t3"]);
    expect(readDeviceTokens("console-devices=t4; xconsole-device=t5")).toEqual([]);
    expect(readDeviceTokens(null)).toEqual([]);
    expect(deviceSetCookie("v", false)).toBe(
      `console-device=v; Path=/; Max-Age=${180 * 86_400}; HttpOnly; SameSite=Strict`,
    );
    expect(deviceSetCookie("v", true)).toBe(
      `__Host-console-device=v; Path=/; Max-Age=${180 * 86_400}; HttpOnly; SameSite=Strict; Secure`,
    );
  });
});
