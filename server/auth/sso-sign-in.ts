import "server-only";
import type { Role } from "@/lib/auth/permissions";
import { appendAudit, appendAuditSafely } from "@/server/audit/append";
import { AuditTamperedError } from "@/server/audit/guard";
import type { Db } from "@/server/db";
import { logger } from "@/server/log";
import type { RequestContext } from "@/server/request-context";
import { recordedIdentifier } from "./identifier";
import { signInWithSso, type SsoRefusal } from "./sso";
import type { UserRow } from "./users";

/**
 * The end of an SSO sign-in, for next-auth's signIn callback: the console account (./sso.ts) and the
 * audit record. As with a password, a sign-in whose record cannot be written gets no session
 * (UNAVAILABLE, which the sign-in page explains). A refusal is recorded within reason: the identity
 * provider's e-mail claim is named only when it is a well-formed address.
 */
export async function completeSsoSignIn(
  db: Db,
  identity: { issuer: string; profile: Record<string, unknown>; role: Role | null },
  request: RequestContext,
): Promise<{ ok: true; user: UserRow } | { ok: false; code: SsoRefusal | "UNAVAILABLE" }> {
  const outcome = await signInWithSso(db, identity);
  const where = { requestId: request.requestId, ip: request.ip };
  if (!outcome.ok) {
    const named = recordedIdentifier(outcome.email);
    await appendAuditSafely({
      actor: { id: null, email: named, role: null },
      action: "auth.sign-in-failed",
      target: named,
      outcome: "error",
      errorCode: outcome.code,
      errorMessage: "SSO sign-in refused",
      input: { method: "oidc" },
      ...where,
    });
    return { ok: false, code: outcome.code };
  }
  try {
    await appendAudit({
      actor: { id: outcome.user.id, email: outcome.user.email, role: outcome.user.role },
      action: "auth.sign-in",
      target: outcome.user.email,
      outcome: "ok",
      input: {
        method: "oidc",
        created: outcome.created,
        ...(outcome.roleKept ? { roleKept: "last active admin" } : {}),
      },
      ...where,
    });
  } catch (error) {
    // As for passwords (server/auth/credentials.ts): a broken chain records nothing, but lets staff in.
    if (!(error instanceof AuditTamperedError)) {
      logger.error({ err: error, requestId: request.requestId }, "SSO sign-in refused: audit write failed");
      return { ok: false, code: "UNAVAILABLE" };
    }
    logger.warn(
      { userId: outcome.user.id, requestId: request.requestId },
      "SSO sign-in not recorded: the audit chain is found broken",
    );
  }
  return { ok: true, user: outcome.user };
}
