import "server-only";
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

/**
 * A job's singleton key from the facts that make two requests "the same work": a digest of their
 * canonical JSON (RFC 8785: keys sorted), so the key stays short and holds no filter text.
 */
export function singletonKey(scope: string, facts: Record<string, unknown>): string {
  return `${scope}:${createHash("sha256")
    .update(canonicalize(facts) ?? "")
    .digest("hex")
    .slice(0, 40)}`;
}
