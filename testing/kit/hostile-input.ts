import fc from "fast-check";
import type { FieldInfo } from "./zod-fields";

/**
 * fast-check generators of bad input for the console's entry points: wrong types, huge strings,
 * NUL and lone surrogates, right-to-left text and emoji, injection strings, path traversal,
 * out-of-range numbers, missing fields, arrays where objects are expected. Mixed with values that
 * look right (ids, chains, addresses, amounts), so some inputs pass the schema and reach the code
 * behind it with the hostile part in the one field that is free.
 */

const HUGE = 100_000;

/** Strings that have broken something somewhere. */
export const NASTY_STRINGS = [
  "",
  " ",
  "   \t\n ",
  "\u0000",
  "abc\u0000def",
  "\u0000".repeat(64),
  "\uD800",
  "half \uD83D emoji",
  "tail \uDC4D first",
  "\u202Egnp.exe\u202C",
  "\u200B\u200D\uFEFF",
  "مرحبا بالعالم",
  "שלום עולם",
  "👩‍👩‍👧‍👦🏳️‍🌈🇺🇳",
  "Z̷̡̛̳̱a̴̢̧͔l̵̨̛g̶o̸",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  "1; select pg_sleep(10)",
  "\\'; --",
  "$$; drop table audit_log; $$",
  '" onmouseover="alert(1)" x="',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "..\\..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2f",
  "%00",
  "%",
  "%zz",
  "${jndi:ldap://example.com/a}",
  "{{7*7}}",
  '=HYPERLINK("http://x")',
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "-0",
  "0",
  "1e308",
  "1e-400",
  "9007199254740993",
  "9223372036854775808",
  "99999999999999999999999",
  "0x41",
  "1,5",
  "true",
  "[]",
  "{}",
  '{"a":1}',
  "a".repeat(10_001),
  "\r\n\r\nX-Injected: 1",
  "*",
  "a*",
  "%%",
  "_",
  "\\",
];

/** Huge strings, made once by repeating a unit (fast-check building 100k characters one by one is slow). */
const HUGE_STRINGS = ["a", "\u0000", "\uD800", "😀", "<script>", "' OR 1=1 --", "../", "ب", "0"].map((unit) =>
  unit.repeat(Math.ceil(HUGE / unit.length)).slice(0, HUGE),
);
const hugeString = fc.constantFrom(...HUGE_STRINGS);

/** `rare` one time in `n`, else `usual` (huge values are kept rare: each costs milliseconds). */
function oneIn<T, U>(n: number, usual: fc.Arbitrary<T>, rare: fc.Arbitrary<U>): fc.Arbitrary<T | U> {
  return fc.oneof({ weight: n - 1, arbitrary: usual }, { weight: 1, arbitrary: rare });
}

/** Values that are right for some field of some entry point. */
export const PLAUSIBLE_STRINGS = [
  "cclient000000000000000001",
  "client_abc123",
  "00000000-0000-4000-8000-000000000000",
  "7f1c0c1e-1d7b-4a49-9f5e-1a1e1c1e1d7b",
  "ada@example.com",
  "Ticket SUP-1: locked out of the account",
  "eip155:1",
  "eip155:137",
  "eip155:11155111",
  "eip155:84532",
  "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  "ethereum",
  "sepolia",
  "solana",
  "0x0000000000000000000000000000000000000001",
  "0xabababababababababababababababababababab",
  "ab".repeat(32),
  "USDC",
  "ETH",
  "NATIVE",
  "0.5",
  "1",
  "10",
  "25",
  "100",
  "2024-01-01T00:00:00.000Z",
  "2030-06-30T12:00:00Z",
  "wh_1",
  "ethereum-eth-lido-staking",
  "csv",
  "ndjson",
  "12",
  "all",
  "11155111",
];

/**
 * One UTF-16 unit or code point: mostly ASCII (controls included), any code point, or half of a
 * surrogate pair. (fast-check's own unit "binary" would do, but building its table of 1.1M code
 * points costs seconds of CPU per process.)
 */
const anyCharacter = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
);
const anyString = (maxLength: number) => fc.string({ unit: anyCharacter, maxLength });

const nastyString = fc.constantFrom(...NASTY_STRINGS);
const plausibleString = fc.oneof(fc.constantFrom(...PLAUSIBLE_STRINGS), fc.uuid());

const withSomethingNasty = fc
  .tuple(plausibleString, nastyString, fc.boolean())
  .map(([ok, bad, before]) => (before ? bad + ok : ok + bad));

/** Any string but a huge one: nasty, random (every code point, lone surrogates included), or plausible with something nasty added. */
const boundedHostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: anyString(60) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 3, arbitrary: plausibleString },
  { weight: 2, arbitrary: withSomethingNasty },
);

/** Any string, huge ones (100k characters) included, one in 14. */
export const hostileString: fc.Arbitrary<string> = oneIn(14, boundedHostileString, hugeString);

export const hostileNumber: fc.Arbitrary<number | bigint> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    NaN,
    Infinity,
    -Infinity,
    1e308,
    -1e308,
    5e-324,
    2 ** 53 + 2,
    -(2 ** 31) - 1,
    Number.MAX_SAFE_INTEGER,
  ),
  fc.double(),
  fc.integer(),
  fc.bigInt(),
);

/** Everything fc.anything makes, with the types a server action's argument can arrive as (Flight carries Map, Set, BigInt, Date, typed arrays). */
export const anything = fc.anything({
  maxDepth: 3,
  maxKeys: 6,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
});

export const wrongPrimitive = fc.oneof(
  fc.constantFrom(null, undefined, true, false, "", 0, [], {}),
  hostileNumber,
  hostileString,
  fc.date({ noInvalidDate: false }),
);

/** A value for one field: its schema's own values, a plausible or hostile string, a number, the wrong type, or a nested object. */
function fieldValue(info: FieldInfo | undefined, depth: number): fc.Arbitrary<unknown> {
  const options: fc.WeightedArbitrary<unknown>[] = [
    { weight: 6, arbitrary: boundedHostileString },
    { weight: 2, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom(null, undefined, true, false, [], {}) },
    { weight: 1, arbitrary: fc.array(boundedHostileString, { maxLength: 4 }) },
    { weight: 1, arbitrary: anything },
  ];
  if (info?.named.length) options.push({ weight: 6, arbitrary: fc.constantFrom(...info.named) });
  if (depth < 2) {
    options.push({ weight: info?.nested ? 6 : 1, arbitrary: objectOf(info?.nested, depth + 1) });
  }
  return fc.oneof(...options);
}

/** Names every entry point might take, for schemas the fields cannot be read from. */
export const COMMON_FIELDS = [
  "id",
  "clientId",
  "walletId",
  "reason",
  "ticket",
  "email",
  "amount",
  "to",
  "chain",
  "token",
  "runId",
  "requestId",
  "webhookId",
  "cursor",
  "limit",
];

/** Odd keys a client can send beside the real ones. */
const extraKey = oneIn(
  16,
  fc.oneof(
    fc.constantFrom("__proto__", "constructor", "prototype", "toString", "", "\u0000", "\uD800", "a.b", "0"),
    anyString(20),
  ),
  fc.constant("k".repeat(HUGE)),
);

/**
 * An object with the schema's field names (any of them may be missing) holding hostile values,
 * sometimes with odd extra keys.
 */
export function objectOf(fields: Map<string, FieldInfo> | undefined, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const names = fields && fields.size > 0 ? [...fields.keys()] : COMMON_FIELDS;
  const record = fc.record(Object.fromEntries(names.map((n) => [n, fieldValue(fields?.get(n), depth)])), {
    requiredKeys: [],
  });
  const extras = fc.dictionary(extraKey, fieldValue(undefined, 2), { maxKeys: 2 });
  return fc.oneof(
    { weight: 5, arbitrary: record },
    {
      weight: 1,
      arbitrary: fc.tuple(record, extras).map(([r, e]) => {
        // defineProperty, so "__proto__" is an own key as JSON.parse or Flight would make it.
        const out = { ...r };
        for (const [k, v] of Object.entries(e))
          Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true });
        return out;
      }),
    },
  );
}

/**
 * The argument of a server action: mostly an object of its fields, else anything at all; one in
 * 32 objects has a 100k-character string in one field (the audit record of every refusal
 * digests what was sent, which costs milliseconds for a huge input; more would dominate the run).
 */
export function actionInput(fields: Map<string, FieldInfo> | undefined): fc.Arbitrary<unknown> {
  const object = objectOf(fields);
  const names = fields && fields.size > 0 ? [...fields.keys()] : COMMON_FIELDS;
  const maybeHuge = fc
    .tuple(oneIn(32, fc.constant(undefined), hugeString), object, fc.constantFrom(...names))
    .map(([huge, o, name]) => (huge === undefined ? o : { ...o, [name]: huge }));
  return fc.oneof(
    { weight: 15, arbitrary: maybeHuge },
    { weight: 2, arbitrary: anything },
    { weight: 2, arbitrary: wrongPrimitive },
    { weight: 2, arbitrary: fc.array(object, { maxLength: 3 }) },
  );
}

// --- query strings and path params ----------------------------------------------------------

/** A value as it appears in a URL: hostile, plausible, or numeric text (huge ones are added per query string). */
const queryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: boundedHostileString },
  { weight: 1, arbitrary: hostileNumber.map(String) },
);

/** Percent-encodings no decoder accepts, and separators that split or join pairs. */
const MALFORMED_ENCODINGS = [
  "%",
  "%%",
  "%G1",
  "%E0%A4%A",
  "%ED%A0%80",
  "%C0%AF",
  "%FF%FE",
  "%00",
  "%u0041",
  "+",
  "&&",
  "==",
  "=%3D",
  "#frag",
  "%23",
];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Percent-encoded as a browser would (a lone surrogate, which encodeURIComponent refuses, as the
 * U+FFFD a browser sends for it), or raw: only what would end the pair or the URL escaped.
 */
function encoded(value: string, raw: boolean): string {
  if (raw) return value.replace(/[#&\s]/g, (c) => encodeURIComponent(c)).replace(LONE_SURROGATE, "%EF%BF%BD");
  return encodeURIComponent(value.replace(LONE_SURROGATE, "\uFFFD"));
}

/** One pair, a malformed pair, a bare key or malformed text, or an odd extra key. */
function queryPart(names: string[], fields: Map<string, FieldInfo> | undefined) {
  const named = names.flatMap((n) =>
    (fields?.get(n)?.named ?? []).filter((v) => typeof v !== "object").map((v) => [n, String(v)] as const),
  );
  const options: fc.WeightedArbitrary<string>[] = [
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...names), queryValue, fc.boolean())
        .map(([k, v, raw]) => `${encodeURIComponent(k)}=${encoded(v, raw)}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...names), fc.constantFrom(...MALFORMED_ENCODINGS), boundedHostileString)
        .map(([k, bad, v]) => `${encodeURIComponent(k)}=${bad}${encoded(v, false)}`),
    },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_ENCODINGS, ...names) },
    {
      weight: 1,
      arbitrary: fc.tuple(extraKey, queryValue).map(([k, v]) => `${encoded(k, false)}=${encoded(v, false)}`),
    },
  ];
  // The values the schema names itself (an enum's options), so some queries pass and reach the route's work.
  if (named.length > 0)
    options.push({
      weight: 4,
      arbitrary: fc.constantFrom(...named).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
    });
  return fc.oneof(...options);
}

/**
 * A query string over the route's fields (`fields` from its schema, less the path params):
 * missing, repeated, malformed and extra pairs, and in one of 32 a 100k-character value. Few,
 * because a URL that long costs milliseconds to parse three times over, and because it cannot
 * reach a handler in production anyway (Node answers 431 past 16 KB of request head).
 */
export function queryString(fields: Map<string, FieldInfo> | undefined, params: string[]): fc.Arbitrary<string> {
  const own = [...(fields?.keys() ?? [])].filter((n) => !params.includes(n));
  const all = [...new Set([...own, ...COMMON_FIELDS.slice(0, 4)])];
  const huge = fc
    .tuple(fc.constantFrom(...all), fc.nat(HUGE_STRINGS.length - 1), fc.boolean())
    .map(([k, i, raw]) => `${encodeURIComponent(k)}=${encodedHuge(i, raw)}`);
  return fc
    .tuple(fc.array(queryPart(all, fields), { maxLength: 8 }), oneIn(32, fc.constant(undefined), huge), fc.nat())
    .map(([parts, big, at]) => {
      if (big !== undefined) parts.splice(at % (parts.length + 1), 0, big);
      return parts.join("&");
    });
}

const hugeEncodings = new Map<string, string>();
/** The huge strings are few and fixed, so each is encoded once. */
function encodedHuge(index: number, raw: boolean): string {
  const key = `${index}/${raw}`;
  let value = hugeEncodings.get(key);
  if (value === undefined) hugeEncodings.set(key, (value = encoded(HUGE_STRINGS[index] ?? "", raw)));
  return value;
}

/** A dynamic segment's value as Next hands it over (decoded). */
export const pathParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_ENCODINGS) },
);
