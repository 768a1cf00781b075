import "server-only";
import { createHash } from "node:crypto";

/**
 * A job's singleton key from the facts that make two requests "the same work": a digest of their
 * canonical JSON (keys sorted), so the key stays short and holds no filter text.
 */
export function singletonKey(scope: string, facts: Record<string, unknown>): string {
  return `${scope}:${createHash("sha256").update(canonicalJson(facts)).digest("hex").slice(0, 40)}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
