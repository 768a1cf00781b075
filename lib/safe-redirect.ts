/** A post-sign-in destination: a same-origin path only, so a crafted link cannot send staff elsewhere. */
export function safeCallbackPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))
    return fallback;
  if (value.startsWith("/signin") || value.startsWith("/api/")) return fallback;
  return value;
}
