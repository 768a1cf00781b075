/** The case an audit record was made under: its sealed input's `case` (server/audit/append.ts), or null. */
export function recordCase(input: unknown): string | null {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return null;
  const value = (input as { case?: unknown }).case;
  return typeof value === "string" ? value : null;
}

/** The audit log filtered to one case. */
export const casePageUrl = (caseRef: string) => `/audit?${new URLSearchParams({ case: caseRef })}`;
