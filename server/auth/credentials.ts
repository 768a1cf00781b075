import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getEnv } from "@/server/env";
import { getDb, tables } from "@/server/db";
import { appendAudit, appendAuditSafely } from "@/server/audit/append";
import { logger } from "@/server/log";
import { dummyHash, verifyPassword } from "./password";
import { claimAttempt, settleFailure, settleSuccess } from "./rate-limit";
import { recordedIdentifier } from "./identifier";
import { FAILED_SIGN_IN_LIMIT_NOTE, failedSignInBudget, firstRecordOfLock } from "./sign-in-records";
import { findUserByEmail, normalizeEmail } from "./users";

/** Codes the sign-in page turns into words; nothing else about the failure reaches the browser. */
export const SIGN_IN_ERRORS = {
  invalid: "INVALID_CREDENTIALS",
  locked: "LOCKED",
  disabled: "DISABLED",
  unavailable: "UNAVAILABLE",
} as const;

const credentialsSchema = z.object({ email: z.string().trim().min(3).max(320), password: z.string().min(1).max(200) });

export interface SignedIn {
  id: string;
  email: string;
  name: string | null;
  role: string;
  sessionVersion: number;
}

/**
 * E-mail and password sign-in. The attempt is counted against the account and the address before
 * the password is checked; a successful sign-in is on the audit record before the session is
 * issued (no record, no session). Failures and locks are recorded within bounds (./sign-in-records).
 * Throws an Error whose message is one of SIGN_IN_ERRORS.
 */
export async function signInWithPassword(
  raw: unknown,
  request: { ip: string | null; requestId: string | null },
): Promise<SignedIn> {
  const env = getEnv();
  const db = await getDb();
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(SIGN_IN_ERRORS.invalid);
  const email = normalizeEmail(parsed.data.email);
  // A well-formed address, or only a description: a password typed into the e-mail box stays out of the log.
  const named = recordedIdentifier(parsed.data.email);
  const accountKey = `account:${email}`;
  const addressKey = `address:${request.ip ?? "unknown"}`;
  const accountThrottle = { limit: env.CONSOLE_SIGNIN_ACCOUNT_LIMIT, lockMinutes: env.CONSOLE_SIGNIN_LOCK_MINUTES };
  const addressThrottle = { limit: env.CONSOLE_SIGNIN_ADDRESS_LIMIT, lockMinutes: env.CONSOLE_SIGNIN_LOCK_MINUTES };
  const record = (code: string, message: string, actor?: { id: string; role: string }, note?: string) =>
    appendAuditSafely({
      actor: { id: actor?.id ?? null, email: named, role: actor?.role ?? null },
      action: "auth.sign-in-failed",
      target: named,
      outcome: "error",
      errorCode: code,
      errorMessage: message,
      input: note ? { note } : null,
      requestId: request.requestId,
      ip: request.ip,
    });
  // A failure is recorded within the address's budget per minute; nobody can flood the log from outside.
  const fail = async (code: string, message: string, actor?: { id: string; role: string }) => {
    const budget = await failedSignInBudget(db, request.ip).catch(() => ({ record: false }) as const);
    if (budget.record) await record(code, message, actor, budget.last ? FAILED_SIGN_IN_LIMIT_NOTE : undefined);
    return new Error(code);
  };
  // A lock is recorded once per key and lock, however many attempts it refuses.
  const locks = async (keys: { key: string; until: Date | null }[]) => {
    const held = keys.filter((k): k is { key: string; until: Date } => k.until !== null);
    const first = await Promise.all(held.map((k) => firstRecordOfLock(db, k.key, k.until).catch(() => false)));
    return { any: held.length > 0, firstRecord: first.some(Boolean), until: held.map((k) => k.until) };
  };

  const now = new Date();
  const [account, address] = await Promise.all([
    claimAttempt(db, accountKey, accountThrottle, now),
    claimAttempt(db, addressKey, addressThrottle, now),
  ]);
  if (!account.allowed || !address.allowed) {
    const lock = await locks([
      { key: accountKey, until: account.until },
      { key: addressKey, until: address.until },
    ]);
    const until = lock.until.sort((a, b) => +b - +a)[0];
    if (lock.firstRecord) await record(SIGN_IN_ERRORS.locked, `Locked out until ${until?.toISOString() ?? "later"}`);
    throw new Error(SIGN_IN_ERRORS.locked);
  }

  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(parsed.data.password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !valid) {
    const [accountLock, addressLock] = await Promise.all([
      settleFailure(db, accountKey, account, accountThrottle, now),
      settleFailure(db, addressKey, address, addressThrottle, now),
    ]);
    const actor = user ? { id: user.id, role: user.role } : undefined;
    const lock = await locks([
      { key: accountKey, until: accountLock },
      { key: addressKey, until: addressLock },
    ]);
    if (!lock.any) throw await fail(SIGN_IN_ERRORS.invalid, "Wrong e-mail or password", actor);
    if (lock.firstRecord) await record(SIGN_IN_ERRORS.locked, "Wrong e-mail or password; locked out", actor);
    throw new Error(SIGN_IN_ERRORS.locked);
  }
  if (user.disabledAt) throw await fail(SIGN_IN_ERRORS.disabled, "Account disabled", { id: user.id, role: user.role });

  try {
    await appendAudit({
      actor: { id: user.id, email: user.email, role: user.role },
      action: "auth.sign-in",
      target: user.email,
      outcome: "ok",
      input: { method: "password", ...(user.mustChangePassword ? { mustChangePassword: true } : {}) },
      requestId: request.requestId,
      ip: request.ip,
    });
  } catch (error) {
    logger.error({ err: error, requestId: request.requestId }, "sign-in refused: audit write failed");
    throw new Error(SIGN_IN_ERRORS.unavailable);
  }
  await settleSuccess(db, accountKey, addressKey);
  await db.update(tables.users).set({ lastSignInAt: now }).where(eq(tables.users.id, user.id));
  return { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion };
}
