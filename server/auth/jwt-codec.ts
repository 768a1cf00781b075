/**
 * The session cookie's JWT, in next-auth's own format (JWE, "dir" + A256GCM, with the key derived
 * from AUTH_SECRET by HKDF-SHA256 exactly as next-auth derives it), with one difference: the derived
 * key is kept instead of being derived again for every read. next-auth derives it on each decode and
 * each encode, and a signed-in request does both (the proxy's check, the session read and its
 * re-issue): three HKDF runs, about 4 % of a data route's CPU. Cookies issued before and after are
 * the same, so no session ends when this is switched on or off.
 *
 * Used by the next-auth options (server/auth/options.ts) and the session read (server/auth/session.ts).
 */
import { createHash, randomUUID } from "node:crypto";
import hkdf from "@panva/hkdf";
import { EncryptJWT, jwtDecrypt } from "jose";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "next-auth/jwt";

/** next-auth's default lifetime of a token, when the options give none. */
const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;

/** Derived keys by a hash of (salt, secret): the secret itself is not kept as a key. A handful at most. */
const keys = new Map<string, Promise<Uint8Array>>();

function encryptionKey(secret: string | Buffer, salt = ""): Promise<Uint8Array> {
  const id = createHash("sha256").update(salt).update("\u0000").update(secret).digest("base64");
  let key = keys.get(id);
  if (!key) {
    key = hkdf("sha256", secret, salt, `NextAuth.js Generated Encryption Key${salt ? ` (${salt})` : ""}`, 32);
    // A failed derivation is not kept: the next call tries again.
    key.catch(() => keys.delete(id));
    keys.set(id, key);
  }
  return key;
}

export async function encodeSessionJwt({
  token = {},
  secret,
  maxAge = DEFAULT_MAX_AGE,
  salt = "",
}: JWTEncodeParams): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new EncryptJWT(token)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt(now)
    .setExpirationTime(now + maxAge)
    .setJti(randomUUID())
    .encrypt(await encryptionKey(secret, salt));
}

/** The token's claims; throws, as next-auth's decode does, when it is not one of ours or has expired. */
export async function decodeSessionJwt({ token, secret, salt = "" }: JWTDecodeParams): Promise<JWT | null> {
  if (!token) return null;
  const { payload } = await jwtDecrypt(token, await encryptionKey(secret, salt), { clockTolerance: 15 });
  return payload as JWT;
}
