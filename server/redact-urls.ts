import "server-only";
import { isSecretField, REDACTED } from "./redact-names";

/**
 * Secrets a URL carries whatever field it sits in: the user and password of `https://user:pass@host`
 * and the values of secret-named query (or fragment) parameters (`?token=…`, `&sig=…`, an OIDC
 * callback's `code` and `state`), in any text that holds a URL or a path with a query. The URL is
 * read with the WHATWG parser and each parameter's name with URLSearchParams; a URL that holds no
 * secret is returned exactly as it was.
 */

/**
 * Parameter names that mean a secret in a URL, beyond the field names (./redact-names.ts, which
 * already covers `token`, `apiKey`, `api_key`, `secret`, `password`, `otp`, `access_token`…):
 * compared without case, `_` and `-`. Here a bare `token` or `key` is always a credential, and so
 * is anything ending in token, signature or secret (X-Amz-Security-Token, X-Goog-Signature).
 */
const PARAM_NAMES = new Set(["key", "sig", "signature", "code", "state", "auth", "jwt", "pwd", "passwd", "session"]);
const PARAM_ENDINGS = ["token", "signature", "secret"];

const normalize = (name: string) => name.toLowerCase().replace(/[-_]/g, "");

function isSecretParam(name: string): boolean {
  const n = normalize(name);
  return PARAM_NAMES.has(n) || PARAM_ENDINGS.some((e) => n.endsWith(e)) || isSecretField(name);
}

/** An absolute URL (`scheme://…`), or a stretch with a query or fragment holding a parameter, in a text. */
const CANDIDATE = /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+|[^\s"'<>`]*[?#][^\s"'<>`]*=[^\s"'<>`]*/gi;
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;

/** `part` (a URL's `?…` or `#…`) with the value of each secret-named parameter replaced. */
function redactParams(part: string): string {
  if (!part.includes("=")) return part;
  let changed = false;
  const pairs = part
    .slice(1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq <= 0 || eq === pair.length - 1) return pair;
      const [name] = new URLSearchParams(pair).keys();
      if (name === undefined || !isSecretParam(name)) return pair;
      changed = true;
      return `${pair.slice(0, eq)}=${REDACTED}`;
    });
  return changed ? `${part[0]}${pairs.join("&")}` : part;
}

function redactAbsolute(candidate: string): string {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    // Not a URL the parser takes: still no user information, and its query as for a path.
    return redactRelative(candidate.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, `$1${REDACTED}@`));
  }
  const search = redactParams(url.search);
  const hash = redactParams(url.hash);
  const credentials = url.username !== "" || url.password !== "";
  if (!credentials && search === url.search && hash === url.hash) return candidate;
  const userinfo = credentials ? `${REDACTED}${url.password ? `:${REDACTED}` : ""}@` : "";
  return `${url.protocol}//${userinfo}${url.host}${url.pathname}${search}${hash}`;
}

/** A path or bare query: everything before its query is kept as written. */
function redactRelative(candidate: string): string {
  const start = candidate.search(/[?#]/);
  if (start === -1) return candidate;
  const hashAt = candidate.indexOf("#", start);
  const query = hashAt === -1 ? candidate.slice(start) : candidate.slice(start, hashAt);
  const hash = hashAt === -1 ? "" : candidate.slice(hashAt);
  return candidate.slice(0, start) + redactParams(query) + redactParams(hash);
}

/** `text` with the secrets of every URL in it replaced; the same string when it holds none. */
export function redactUrlSecrets(text: string): string {
  if (!text.includes("://") && !(text.includes("=") && (text.includes("?") || text.includes("#")))) return text;
  return text.replace(CANDIDATE, (candidate) =>
    ABSOLUTE.test(candidate) ? redactAbsolute(candidate) : redactRelative(candidate),
  );
}
