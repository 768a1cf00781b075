/**
 * A post-sign-in destination: a path on the console's own origin, so a crafted link cannot send
 * staff elsewhere. The value is resolved the way a browser will resolve it (the URL parser drops
 * tabs and newlines and reads "\" as "/", which is how "/\t/evil.example" becomes
 * "//evil.example"), and only a result on the same origin is kept, rebuilt from its parts.
 */
const PROBE_ORIGIN = "https://console.invalid";

// Any control character, and the characters a browser strips or rewrites inside a URL.
const UNSAFE = /[\u0000-\u001F\u007F\\]/;

export function safeCallbackPath(value: unknown, fallback = "/", origin: string = PROBE_ORIGIN): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (UNSAFE.test(value) || !value.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that still starts with two slashes would be protocol-relative once it is used.
  if (path.startsWith("//") || path.startsWith("/signin") || path.startsWith("/api/")) return fallback;
  return path;
}
