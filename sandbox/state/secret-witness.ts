/**
 * Test runs only: when SANDBOX_SECRETS_LOG names a file, every secret the sandbox hands out (client API
 * keys, session tokens, web OTPs, shares and the share values inside them) is appended to it as
 * `kind<TAB>value`. The console's secret scan (scripts/secret-scan.mjs) reads it after the browser
 * journeys and searches everything the console served, logged and stored for these exact values.
 * Unset (the default, and always outside tests) nothing is written anywhere.
 */
import { appendFileSync } from "node:fs";

export type SecretKind = "client-api-key" | "session-token" | "web-otp" | "share" | "share-value";

export function witnessSecret(kind: SecretKind, value: string): void {
  const file = process.env.SANDBOX_SECRETS_LOG;
  if (file) appendFileSync(file, `${kind}\t${value}\n`, { mode: 0o600 });
}
