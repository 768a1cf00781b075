import "server-only";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing with scrypt from Node's standard library (memory-hard, no native add-on to
 * compile on a fresh machine). Format: scrypt$N$r$p$salt$hash, all base64url, so parameters can be
 * raised later without invalidating stored hashes.
 */
const N = 2 ** 15;
const r = 8;
const p = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, keylen: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r, p, maxmem: MAXMEM }, KEYLEN);
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, rr, pp, saltText, keyText] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyText, "base64url");
  const key = await derive(
    password,
    Buffer.from(saltText, "base64url"),
    { N: Number(n), r: Number(rr), p: Number(pp), maxmem: MAXMEM },
    expected.length,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of a random password, compared against when the account does not exist, so timing does not
 * reveal it. Made as the module loads, not at the first unknown address: that attempt would
 * otherwise take two hashes' time, once per process.
 */
const dummy = hashPassword(randomBytes(16).toString("hex"));
// Awaited by every caller; a failure (scrypt's memory refused) is theirs to see, not unhandled here.
dummy.catch(() => {});
export function dummyHash(): Promise<string> {
  return dummy;
}

/** A readable random password for the generated first admin. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}
