import "server-only";
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account before carries a token, signed by the console, that names the account and
 * a random nonce. A sign-in attempt for that account from that browser is counted against the
 * token's own nonce and is not refused by locks of the account or the address that others' attempts
 * caused; so strangers guessing from the same office gateway, or against the same account, cannot
 * lock out the staff member at their own browser. A stolen token buys no more guesses than the
 * account's own limit, and only against that one account.
 *
 * A token is `<user id>.<nonce>.<issued at, Unix seconds>.<HMAC-SHA-256>`, under a key derived from
 * AUTH_SECRET (HKDF), valid for DEVICE_COOKIE_MAX_AGE_S. One cookie keeps the tokens of up to
 * MAX_TOKENS accounts (a shared workstation), newest first, joined by "~". It is HttpOnly,
 * SameSite=Strict, Secure and `__Host-` prefixed behind https (as the session cookie is Secure).
 */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 3600;
export const DEVICE_COOKIE_NAMES = { secure: "__Host-console-device", plain: "console-device" } as const;
const MAX_TOKENS = 5;
const MAX_TOKEN_LENGTH = 200;
// A token issued by an instance whose clock runs a little ahead is still good.
const CLOCK_SKEW_S = 300;

const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "custodian-console", "device-cookie/v1", 32));
    keys.set(secret, key);
  }
  return key;
}

const mac = (secret: string, body: string) =>
  createHmac("sha256", keyFor(secret)).update(`v1.${body}`).digest("base64url");

export interface DeviceToken {
  userId: string;
  nonce: string;
  issuedAt: number;
}

/** A new token for `userId`, with a fresh nonce. */
export function issueDeviceToken(secret: string, userId: string, now = new Date()): string {
  const body = `${userId}.${randomBytes(16).toString("base64url")}.${Math.floor(now.getTime() / 1000)}`;
  return `${body}.${mac(secret, body)}`;
}

/** The token's content if the console signed it and it has not expired; else null. */
export function verifyDeviceToken(secret: string, token: string, now = new Date()): DeviceToken | null {
  const parts = token.split(".");
  if (parts.length !== 4 || token.length > MAX_TOKEN_LENGTH) return null;
  const [userId, nonce, issued, signature] = parts as [string, string, string, string];
  if (!/^[0-9a-f-]{36}$/i.test(userId) || !/^[A-Za-z0-9_-]{22}$/.test(nonce) || !/^\d{1,12}$/.test(issued)) return null;
  const expected = Buffer.from(mac(secret, `${userId}.${nonce}.${issued}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const issuedAt = Number(issued);
  const nowS = now.getTime() / 1000;
  if (issuedAt > nowS + CLOCK_SKEW_S || nowS - issuedAt > DEVICE_COOKIE_MAX_AGE_S) return null;
  return { userId, nonce, issuedAt };
}

/** The valid token this browser holds for `userId`, if any. */
export function deviceFor(secret: string, tokens: readonly string[], userId: string, now = new Date()) {
  for (const token of tokens) {
    const device = verifyDeviceToken(secret, token, now);
    if (device?.userId === userId) return device;
  }
  return null;
}

/** The tokens in a Cookie header (either cookie name), at most MAX_TOKENS. */
export function readDeviceTokens(cookieHeader: string | null | undefined): string[] {
  if (!cookieHeader) return [];
  const names: string[] = Object.values(DEVICE_COOKIE_NAMES);
  const tokens: string[] = [];
  for (const pair of cookieHeader.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0 || !names.includes(pair.slice(0, eq).trim())) continue;
    tokens.push(
      ...pair
        .slice(eq + 1)
        .trim()
        .split("~")
        .filter(Boolean),
    );
  }
  return tokens.slice(0, MAX_TOKENS);
}

/** The cookie's next value after a sign-in to `userId`: a fresh token first, then the other accounts' valid ones. */
export function nextDeviceCookieValue(secret: string, previous: readonly string[], userId: string, now = new Date()) {
  const others = previous.filter((token) => {
    const device = verifyDeviceToken(secret, token, now);
    return device !== null && device.userId !== userId;
  });
  return [issueDeviceToken(secret, userId, now), ...others].slice(0, MAX_TOKENS).join("~");
}

/** The Set-Cookie header for `value`; `secure` when the console is reached over https. */
export function deviceSetCookie(value: string, secure: boolean): string {
  const name = secure ? DEVICE_COOKIE_NAMES.secure : DEVICE_COOKIE_NAMES.plain;
  return [
    `${name}=${value}`,
    "Path=/",
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
