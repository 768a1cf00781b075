import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redact } from "@/server/redact";

/**
 * Whatever shape a logged object or an audit input has, a secret in it does not survive redaction
 * and nothing else is lost. Secrets sit at any depth in three forms: under a secret-named key (in any
 * spelling), as the user or password of a URL, and as the value of a secret-named query or fragment
 * parameter (alone or inside a sentence). Every secret value reads SECRET<HEX> and every value that
 * must survive reads keep<hex>, so each is found in the output by its own text.
 */

const hex = fc.stringMatching(/^[0-9a-f]{6,12}$/);
const secret = hex.map((h) => `SECRET${h.toUpperCase()}`);
const keep = hex.map((h) => `keep${h}`);

/** The names a secret goes by, as a field; each is written in every spelling a codebase uses. */
const SECRET_KEYS = [
  "signingKey",
  "hmacKey",
  "keyShare",
  "seed",
  "mnemonic",
  "privateKey",
  "apiSecret",
  "password",
  "apiKey",
  "clientSecret",
  "accessToken",
  "sessionToken",
  "seedPhrase",
];
const words = (camel: string) => camel.split(/(?=[A-Z])/).map((w) => w.toLowerCase());
const upperFirst = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const SPELLINGS: ((ws: string[]) => string)[] = [
  (ws) => ws[0] + ws.slice(1).map(upperFirst).join(""),
  (ws) => ws.map(upperFirst).join(""),
  (ws) => ws.join("_"),
  (ws) => ws.join("_").toUpperCase(),
  (ws) => ws.join("-"),
  (ws) => ws.map(upperFirst).join("-"),
  (ws) => `custodian${ws.map(upperFirst).join("")}`,
];
const secretKey = fc
  .tuple(fc.constantFrom(...SECRET_KEYS), fc.constantFrom(...SPELLINGS))
  .map(([name, spell]) => spell(words(name)));

/** Field names that are not secrets, some of them close to one (and `code`, `state`: secret only in a URL). */
const PLAIN_KEYS = [
  "id",
  "label",
  "amount",
  "note",
  "url",
  "callbackUrl",
  "items",
  "meta",
  "publicKey",
  "keyword",
  "shareAmount",
  "tokenAddress",
  "chainId",
  "state",
  "code",
];
const plainKey = fc.constantFrom(...PLAIN_KEYS);

const SECRET_PARAMS = [
  "token",
  "key",
  "apikey",
  "api_key",
  "secret",
  "signature",
  "sig",
  "password",
  "code",
  "state",
  "otp",
  "access_token",
  "refresh_token",
  "client_secret",
  "X-Amz-Signature",
];
const secretParam = fc
  .tuple(
    fc.constantFrom(...SECRET_PARAMS),
    fc.constantFrom<(s: string) => string>(
      (s) => s,
      (s) => s.toUpperCase(),
    ),
  )
  .map(([name, spell]) => spell(name));
const plainParam = fc.constantFrom("page", "take", "tokenAddress", "publicKey", "chainId", "cursor");

const host = fc.tuple(keep, fc.constantFrom("example", "test", "internal")).map(([h, tld]) => `${h}.${tld}`);
const scheme = fc.constantFrom("https", "http", "postgres", "redis", "amqp");

/** A URL with no secret in it. */
const plainUrl = fc
  .tuple(host, keep, plainParam, keep)
  .map(([h, path, name, value]) => `https://${h}/p/${path}?${name}=${value}`);

/** `scheme://user:password@host/…` or `scheme://token@host/…`. */
const credentialUrl = fc
  .tuple(scheme, secret, fc.option(secret, { nil: undefined }), host, keep, keep)
  .map(
    ([s, user, password, h, path, page]) => `${s}://${user}${password ? `:${password}` : ""}@${h}/${path}?page=${page}`,
  );

/** A URL or a path whose query or fragment holds secret parameters among plain ones. */
const secretQueryUrl = fc
  .tuple(
    fc.constantFrom("https://H/P", "/api/auth/callback/oidc", "/P", "https://H/P#"),
    host,
    keep,
    fc.array(fc.oneof(fc.tuple(secretParam, secret), fc.tuple(plainParam, keep)), { minLength: 1, maxLength: 4 }),
    secretParam,
    secret,
  )
  .map(([shape, h, path, pairs, name, value]) => {
    const params = [...pairs, [name, value] as const].map(([n, v]) => `${n}=${v}`).join("&");
    const base = shape.replace("H", h).replace("P", path);
    return base.endsWith("#") ? `${base}${params}` : `${base}?${params}`;
  });

const inSentence = (url: fc.Arbitrary<string>) =>
  fc.tuple(keep, url, keep).map(([before, u, after]) => `${before} calling ${u} failed: ${after}`);

const secretString = fc.oneof(credentialUrl, secretQueryUrl, inSentence(credentialUrl), inSentence(secretQueryUrl));
const plainLeaf = fc.oneof(keep, fc.integer(), fc.boolean(), fc.constant(null), plainUrl, inSentence(plainUrl));

/** Objects and arrays nested up to six levels (a log object is followed to eight). */
function tree(leaf: fc.Arbitrary<unknown>, secretEntry: fc.Arbitrary<[string, unknown]> | undefined) {
  return fc.letrec((tie) => {
    const entry = fc.tuple(plainKey, tie("node"));
    return {
      node: fc.oneof({ maxDepth: 5, depthIdentifier: "tree" }, leaf, tie("array"), tie("object")),
      array: fc.array(tie("node"), { maxLength: 4, depthIdentifier: "tree" }),
      object: fc
        .array(secretEntry ? fc.oneof(entry, secretEntry) : entry, { maxLength: 4, depthIdentifier: "tree" })
        .map((entries) => Object.fromEntries(entries)),
      root: fc.oneof(tie("object"), tie("array")),
    };
  }).root;
}

/** A secret-named key holds a secret string, or an object of them (everything under it goes). */
const secretEntry: fc.Arbitrary<[string, unknown]> = fc.tuple(
  secretKey,
  fc.oneof(secret, fc.dictionary(plainKey, secret, { maxKeys: 2 })),
);

const depth = (value: unknown): number =>
  typeof value === "object" && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depth)) : 0;
const found = (text: string, pattern: RegExp) => [...new Set(text.match(pattern) ?? [])];

describe("redaction of any object", () => {
  it("leaves no secret, at any depth and in any form, and keeps every other value", () => {
    fc.assert(
      fc.property(tree(fc.oneof(plainLeaf, secretString), secretEntry), (input) => {
        expect(depth(input)).toBeLessThanOrEqual(8);
        const before = JSON.stringify(input);
        const after = JSON.stringify(redact(input));
        for (const value of found(before, /SECRET[0-9A-F]+/g)) expect(after).not.toContain(value);
        for (const value of found(before, /keep[0-9a-f]+/g)) expect(after).toContain(value);
        // The input is left as it was.
        expect(JSON.stringify(input)).toBe(before);
      }),
      { numRuns: 300 },
    );
  });

  it("returns an object that holds no secret as it was", () => {
    fc.assert(
      fc.property(tree(plainLeaf, undefined), (input) => {
        expect(redact(input)).toEqual(input);
      }),
      { numRuns: 200 },
    );
  });
});
