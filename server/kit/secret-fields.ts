import "server-only";
import { collectSecrets, REDACTED } from "@/server/redact";

/**
 * An action's declared secret fields (a password, its confirmation) are kept out of its audit
 * records whatever `auditInput` keeps, on top of the redaction of secret-named fields everywhere
 * (server/redact.ts): a field called `next` or `confirm` holds a password too.
 */
export function withoutSecretFields(kept: unknown, secretFields: readonly string[]): unknown {
  if (secretFields.length === 0 || typeof kept !== "object" || kept === null || Array.isArray(kept)) return kept;
  const out: Record<string, unknown> = { ...(kept as Record<string, unknown>) };
  for (const field of secretFields) if (field in out) out[field] = REDACTED;
  return out;
}

/** Every string under a declared secret field or a secret name of `raw`: text that must never be echoed. */
export function secretValues(raw: unknown, secretFields: readonly string[]): string[] {
  const found = collectSecrets(raw);
  if (typeof raw === "object" && raw !== null)
    for (const field of secretFields) {
      const value = (raw as Record<string, unknown>)[field];
      if (typeof value === "string") found.add(value);
    }
  return [...found];
}
