import "server-only";

/**
 * Keeps secrets out of logs and error messages. Two layers: values under secret field names are
 * replaced wherever they sit in a logged object, and any text that came from outside (an upstream
 * error message) has the request's own secrets and token-like strings cut out, because an upstream
 * may echo what it was sent.
 */

export const REDACTED = "[redacted]";

const SECRET_FIELDS: string[] = [
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-webhook-secret",
  "share",
  "shares",
  "clientApiKey",
  "clientSessionToken",
  "sessionToken",
  "otp",
  "apiKey",
  "custodianApiKey",
  "custodianBackupShare",
  "encryptedClientBackupShare",
  "generateResponse",
  "backupResponse",
  "password",
  "secret",
  "privateKey",
  "mnemonic",
];

const secretFieldSet = new Set(SECRET_FIELDS.map((k) => k.toLowerCase()));

export function isSecretField(key: string): boolean {
  return secretFieldSet.has(key.toLowerCase());
}

const MAX_DEPTH = 8;

/** A copy of `value` with every secret field's value replaced; safe to log. */
export function redact<T>(value: T): T {
  return redactValue(value, 0, new WeakSet()) as T;
}

function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (seen.has(value) || depth > MAX_DEPTH) return "[…]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1, seen));
  if (value instanceof Headers) return redactValue(Object.fromEntries(value.entries()), depth, seen);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretField(k) ? REDACTED : redactValue(v, depth + 1, seen);
  return out;
}

/** Every string under a secret field of `value` (deep), to be scrubbed from text that might echo it. */
export function collectSecrets(value: unknown, into: Set<string> = new Set(), depth = 0): Set<string> {
  if (typeof value !== "object" || value === null || depth > MAX_DEPTH) return into;
  for (const [k, v] of Object.entries(value)) {
    if (isSecretField(k)) addStrings(v, into, depth);
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

/** Secret field names, for the logger's path-based redaction. */
export const SECRET_FIELD_NAMES: readonly string[] = SECRET_FIELDS;

/** The audit log's name for `redact`: what a record keeps of an action's input. */
export const redactSecrets = (value: unknown): unknown => redact(value);
