import "server-only";
import { isSecretField, mayBeSecret, REDACTED } from "./redact-names";
import { redactUrlSecrets } from "./redact-urls";

export { isSecretField, REDACTED } from "./redact-names";

/**
 * Keeps secrets out of logs, audit records, error messages and upstream answers. Three layers: values
 * under secret field names (./redact-names.ts) are replaced wherever they sit in a logged object, an
 * audit input or an upstream answer (server/upstream/core.ts); in logged objects, audit inputs and
 * error text, a URL's user, password and secret-named query parameters are replaced whatever field
 * holds it (./redact-urls.ts); and any text that came from outside (an upstream error message) has
 * the request's own secrets and token-like strings cut out, because an upstream may echo what it was
 * sent. Upstream answers are redacted by name only: a URL in them (a webhook's) is data the console
 * shows and sends back as it is.
 */

const MAX_DEPTH = 8;

/** A copy of `value` with every secret field's value and every URL's secrets replaced; safe to log. */
export function redact<T>(value: T): T {
  return redactValue(value, 0, new WeakSet()) as T;
}

function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === "string") return redactUrlSecrets(value);
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
      if (mayBeSecret(key) && isSecretField(key, v)) record[key] = REDACTED;
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

/** `text` with each known secret, anything token-shaped and every URL's secrets replaced. */
export function scrubSecrets(text: string, secrets: Iterable<string> = []): string {
  let out = redactUrlSecrets(text);
  const known = [...secrets].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  for (const secret of known) out = out.split(secret).join(REDACTED);
  for (const pattern of TOKEN_PATTERNS)
    out = out.replace(pattern, (m) => (/^bearer/i.test(m) ? `Bearer ${REDACTED}` : REDACTED));
  return out;
}

/** The audit log's name for `redact`: what a record keeps of an action's input. */
export const redactSecrets = (value: unknown): unknown => redact(value);
