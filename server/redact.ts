import "server-only";

/**
 * Keeps secrets out of logs, audit records, error messages and upstream answers. Two layers: values
 * under secret field names are replaced wherever they sit in a logged object, an audit input or an
 * upstream answer (server/upstream/core.ts), and any text that came from outside (an upstream error
 * message) has the request's own secrets and token-like strings cut out, because an upstream may
 * echo what it was sent.
 */

export const REDACTED = "[redacted]";

/**
 * The one list of field names that mean a secret, for logs, audit records and upstream answers
 * alike. Names are compared without case and without `_` and `-` (API_KEY, api-key and apiKey are
 * one name); an entry starting with "*" matches every name that ends in it (clientApiKey,
 * x-webhook-secret). Entries are chosen against every field name the real API documents
 * (api-shapes.md, lib/contracts): no documented data field matches, which
 * server/redact-names.test.ts checks against every response schema and fixture. Hence exact
 * `share` and `shares` but no "*share" (shareAmount, shareToken and a rate's share are data), and
 * only the qualified kinds of token ("*sessionToken", not "*token": outputToken and gasFeeToken are
 * assets).
 */
const SECRET_NAMES: readonly string[] = [
  // HTTP credentials
  "*authorization",
  "*cookie",
  // Named for what they are
  "*secret",
  "*secrets",
  "*secretKey",
  "*password",
  "*passphrase",
  "*apiKey",
  "*privateKey",
  "*mnemonic",
  "*seedPhrase",
  "*credential",
  "*credentials",
  "*accessToken",
  "*refreshToken",
  "*sessionToken",
  "*authToken",
  "*bearerToken",
  "idToken",
  "otp",
  // MPC key material: the shares, and the documents that carry them
  "share",
  "shares",
  "*backupShare",
  "*backupShares",
  "*signingShare",
  "*signingShares",
  "generateResponse",
  "backupResponse",
  // Gated by its value: see isSecretField.
  "token",
];

const normalize = (name: string) => name.toLowerCase().replace(/[-_]/g, "");
const exactNames = new Set(SECRET_NAMES.filter((n) => !n.startsWith("*")).map(normalize));
const endings = SECRET_NAMES.filter((n) => n.startsWith("*")).map((n) => normalize(n.slice(1)));

/**
 * `token` names an asset everywhere in this API (a Token object in the yield answers; a symbol,
 * contract address or mint in build-transaction and assets/send) and a credential in many others.
 * So a `token` is a secret only when it is a string that does not read as an asset: a ticker (USDC,
 * NATIVE, stETH, USDC.e), an EVM contract, or a base58 address (a Solana mint, a Tron contract). An
 * object is looked into like any other. A credential that happens to look like a 32–44 character
 * base58 address would pass under this bare name; the API's own credentials all carry a qualified
 * name (clientApiKey, clientSessionToken), which is always redacted.
 */
const ASSET_REFERENCE = [/^[A-Za-z][A-Za-z0-9.]{0,11}$/, /^0x[0-9a-fA-F]{40}$/, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/];
const VALUE_GATED = normalize("token");

type NameKind = "secret" | "token" | "plain";
/** Upstream pages repeat the same dozen names thousands of times; each name is judged once. */
const kinds = new Map<string, NameKind>();
const MAX_REMEMBERED = 10_000;

function kindOf(name: string): NameKind {
  const known = kinds.get(name);
  if (known) return known;
  const n = normalize(name);
  const kind: NameKind =
    n === VALUE_GATED ? "token" : exactNames.has(n) || endings.some((e) => n.endsWith(e)) ? "secret" : "plain";
  if (kinds.size < MAX_REMEMBERED) kinds.set(name, kind);
  return kind;
}

/**
 * Whether the field `name` holding `value` is a secret. A boolean or null never is (mustChangePassword,
 * hasShares say whether, not what). Without a value: whether a field of that name may hold one.
 */
export function isSecretField(name: string, ...value: [] | [unknown]): boolean {
  const kind = kindOf(name);
  if (kind === "plain") return false;
  if (value.length === 0) return true;
  const [v] = value;
  if (v === null || typeof v === "boolean") return false;
  if (kind === "token") return typeof v === "string" && !ASSET_REFERENCE.some((r) => r.test(v));
  return true;
}

const MAX_DEPTH = 8;

/** A copy of `value` with every secret field's value replaced; safe to log. */
export function redact<T>(value: T): T {
  return redactValue(value, 0, new WeakSet()) as T;
}

function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value !== "object" || value === null) return value;
  // An error goes to the logger's own serializer; its message was scrubbed where it was made.
  if (value instanceof Error) return value;
  if (seen.has(value) || depth > MAX_DEPTH) return "[…]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1, seen));
  if (value instanceof Headers) return redactValue(Object.fromEntries(value.entries()), depth, seen);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretField(k, v) ? REDACTED : redactValue(v, depth + 1, seen);
  return out;
}

/**
 * `json` (a parsed JSON document the caller owns) with every secret field's value replaced in
 * place, at any depth: an upstream answer is neither cyclic nor to be cut short, unlike a log object.
 */
export function redactJsonInPlace<T>(json: T): T {
  const stack: unknown[] = [json];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    // for…in and the name's kind first: every upstream answer passes here, a page of events holds
    // tens of thousands of fields, and a keys array per object and an argument array per field were
    // a tenth of what an export allocated. (A parsed JSON object has no inherited enumerable key.)
    for (const key in record) {
      const v = record[key];
      if (kindOf(key) !== "plain" && isSecretField(key, v)) record[key] = REDACTED;
      else if (typeof v === "object" && v !== null) stack.push(v);
    }
  }
  return json;
}

/** Every string under a secret field of `value` (deep), to be scrubbed from text that might echo it. */
export function collectSecrets(value: unknown, into: Set<string> = new Set(), depth = 0): Set<string> {
  if (typeof value !== "object" || value === null || depth > MAX_DEPTH) return into;
  for (const [k, v] of Object.entries(value)) {
    if (isSecretField(k, v)) addStrings(v, into, depth);
    else collectSecrets(v, into, depth + 1);
  }
  return into;
}

function addStrings(value: unknown, into: Set<string>, depth: number) {
  if (typeof value === "string") {
    into.add(value);
    // A secret JSON document (generateResponse, custodianBackupShare) holds secrets an echo may quote alone.
    if (value.startsWith("{")) addStrings(tryParseJson(value), into, depth + 1);
  } else if (typeof value === "object" && value !== null && depth <= MAX_DEPTH)
    for (const v of Object.values(value)) addStrings(v, into, depth + 1);
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// Shares are base64 of JSON ("eyJ…"), as are JWTs; a bearer credential follows "Bearer ".
const TOKEN_PATTERNS: RegExp[] = [/\bBearer\s+[^\s"',;]+/gi, /eyJ[A-Za-z0-9+/_=-]{12,}(?:\.[A-Za-z0-9+/_=-]+)*/g];

// Shorter values are too likely to match innocent text (and too short to be credentials).
const MIN_SECRET_LENGTH = 4;

/** `text` with each known secret and anything token-shaped replaced. */
export function scrubSecrets(text: string, secrets: Iterable<string> = []): string {
  let out = text;
  const known = [...secrets].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  for (const secret of known) out = out.split(secret).join(REDACTED);
  for (const pattern of TOKEN_PATTERNS)
    out = out.replace(pattern, (m) => (/^bearer/i.test(m) ? `Bearer ${REDACTED}` : REDACTED));
  return out;
}

/** The audit log's name for `redact`: what a record keeps of an action's input. */
export const redactSecrets = (value: unknown): unknown => redact(value);
