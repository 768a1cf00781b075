/**
 * `params` of /v1/sign arrive as the spec allows: a JSON-stringified array (the field table), an object
 * of transaction fields (the yield flow), or an array. Everything becomes a positional list here.
 */
export function paramList(params: string | unknown[] | Record<string, unknown>): unknown[] {
  if (Array.isArray(params)) return params;
  if (typeof params !== "string") return [params];
  try {
    const parsed: unknown = JSON.parse(params);
    if (Array.isArray(parsed)) return parsed;
    if (parsed !== null && typeof parsed === "object") return [parsed];
  } catch {
    // A bare message ("hello") is its own single parameter.
  }
  return [params];
}
