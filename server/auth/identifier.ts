import "server-only";
import { z } from "zod";
import { normalizeEmail } from "./users";

const emailAddress = z.email();

/**
 * What an audit record says about an identifier typed at sign-in (or sent by an identity provider)
 * that names no account: the address itself when it is a well-formed e-mail address, else only that
 * it is not one and its length. Whatever lands in the e-mail box is stored and shown to admins and
 * compliance, and a password typed into the wrong box must not be.
 */
export function recordedIdentifier(typed: string): string {
  const email = normalizeEmail(typed);
  if (emailAddress.safeParse(email).success) return email;
  const length = [...typed.trim()].length;
  return `not an e-mail address, ${length} character${length === 1 ? "" : "s"}`;
}
