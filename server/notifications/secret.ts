import "server-only";
import { randomBytes } from "node:crypto";
import type { Db } from "@/server/db";
import { vaultGetText, vaultPut, vaultSubjects } from "@/server/vault";

/** The signing secret lives only in the vault (encrypted under CONSOLE_VAULT_KEY), never in a table or log. */
const AT = { purpose: "notify-signing-secret", subject: "console" };

/** The prefix makes a leaked secret recognisable (and findable by the secret scan). */
const SECRET_PREFIX = "ccsig_";

/** A new signing secret, replacing any earlier one; returned once, for the admin to copy. */
export async function newSigningSecret(db: Db): Promise<string> {
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
  await vaultPut(db, AT, secret);
  return secret;
}

export function signingSecret(db: Db): Promise<string | undefined> {
  return vaultGetText(db, AT);
}

/** Whether a signing secret exists, without opening it. */
export async function hasSigningSecret(db: Db): Promise<boolean> {
  return (await vaultSubjects(db, AT.purpose)).includes(AT.subject);
}
