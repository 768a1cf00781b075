import "server-only";

/**
 * Which field names mean a secret: the one rule for logs, audit records and upstream answers
 * (./redact.ts applies it, ./redact-urls.ts asks it of a URL's query parameters).
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
  "*signingKey",
  "*hmacKey",
  "*mnemonic",
  "*seed",
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
  "*keyShare",
  "*keyShares",
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

/** Whether a field of this name may hold a secret, asked before its value (every field of every answer passes here). */
export const mayBeSecret = (name: string): boolean => kindOf(name) !== "plain";

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
