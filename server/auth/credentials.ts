import "server-only";
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { appendAudit, appendAuditSafely } from "@/server/audit/append";
import { AuditTamperedError } from "@/server/audit/guard";
import { getDb, tables } from "@/server/db";
import { getEnv } from "@/server/env";
import { logger } from "@/server/log";
import { lockOuts, measure, signInFailures } from "@/server/ops/metrics";
import { deviceFor, nextDeviceCookieValue } from "./device-cookie";
import { recordedIdentifier } from "./identifier";
import { dummyHash, verifyPassword } from "./password";
import { claimAttempt, settleFailure, settleSuccess, type Throttle } from "./rate-limit";
import { failedSignInBudget, firstRecordOfLock } from "./sign-in-records";
import { findUserByEmail } from "./users";

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

export interface SignInRequest {
  ip: string | null;
  requestId: string | null;
  /** The tokens of the device cookie this browser sent (./device-cookie.ts). */
  deviceTokens?: readonly string[];
}

/**
 * E-mail and password sign-in. The attempt is counted before the password is checked; a successful
 * sign-in is on the audit record before the session is issued (no record, no session). Failures and
 * locks are recorded within bounds (./sign-in-records). Throws an Error whose message is one of
 * SIGN_IN_ERRORS; on success, returns the user and the device cookie's next value.
 *
 * What an attempt is counted against (./rate-limit.ts):
 * - from a browser with a valid device cookie for the account, that cookie's own key alone
 *   ("device:<nonce>", with the account's limit): locks that others' attempts put on the account or
 *   the address do not refuse it, and its own failures lock only itself;
 * - otherwise the account ("account:<user id>") and the client address ("address:<ip>"). An
 *   identifier that names no account is counted as an account would be, with the same limit and
 *   lock ("account:unknown:<digest>"), so a burst of wrong passwords gets the same answers, the same
 *   records and the same password check whether the address has an account or not: nobody learns
 *   which addresses do. The digest is keyed with AUTH_SECRET and taken of what the failure's record
 *   says of the identifier (./identifier.ts), so no key holds what was typed, which may be a
 *   password in the wrong box.
 */
export async function signInWithPassword(
  raw: unknown,
  request: SignInRequest,
): Promise<{ user: SignedIn; deviceCookie: string }> {
  const env = getEnv();
  const db = await getDb();
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(SIGN_IN_ERRORS.invalid);
  const now = new Date();
  const user = await findUserByEmail(db, parsed.data.email);
  const actor = { id: user?.id ?? null, role: user?.role ?? null };
  // An account by its own address; anything else only described (a password typed into the e-mail box
  // stays out of the log).
  const named = user?.email ?? recordedIdentifier(parsed.data.email);
  const device = user ? deviceFor(env.AUTH_SECRET, request.deviceTokens ?? [], user.id, now) : null;
  const accountLimit = { limit: env.CONSOLE_SIGNIN_ACCOUNT_LIMIT, lockMinutes: env.CONSOLE_SIGNIN_LOCK_MINUTES };
  const addressLimit = { limit: env.CONSOLE_SIGNIN_ADDRESS_LIMIT, lockMinutes: env.CONSOLE_SIGNIN_LOCK_MINUTES };
  const addressKey = `address:${request.ip ?? "unknown"}`;
  const accountKey = user ? `account:${user.id}` : unknownAccountKey(env.AUTH_SECRET, named);
  const throttles: { key: string; throttle: Throttle }[] = device
    ? [{ key: `device:${device.nonce}`, throttle: accountLimit }]
    : [
        { key: accountKey, throttle: accountLimit },
        { key: addressKey, throttle: addressLimit },
      ];
  const known = device ? { knownBrowser: true } : {};

  const record = (code: string, message: string, note?: string) =>
    appendAuditSafely({
      actor: { ...actor, email: named },
      action: "auth.sign-in-failed",
      target: named,
      outcome: "error",
      errorCode: code,
      errorMessage: message,
      input: note || device ? { ...known, ...(note ? { note } : {}) } : null,
      requestId: request.requestId,
      ip: request.ip,
    });
  // A failure is recorded within the address's budget per minute; nobody can flood the log from outside.
  const fail = async (code: string, message: string) => {
    measure(() => signInFailures().inc({ reason: code }));
    const budget = await failedSignInBudget(db, request.ip).catch(() => ({ record: false }) as const);
    if (budget.record) await record(code, message, budget.note);
    return new Error(code);
  };
  // A lock is recorded once per key and lock, however many attempts it refuses.
  const locks = async (keys: { key: string; until: Date | null }[]) => {
    const held = keys.filter((k): k is { key: string; until: Date } => k.until !== null);
    const first = await Promise.all(held.map((k) => firstRecordOfLock(db, k.key, k.until).catch(() => false)));
    const last = held.map((k) => k.until).sort((a, b) => +b - +a)[0];
    return { any: held.length > 0, firstRecord: first.some(Boolean), until: last };
  };

  const claimed = await Promise.all(
    throttles.map(async (t) => ({ ...t, attempt: await claimAttempt(db, t.key, t.throttle, now) })),
  );
  if (claimed.some((c) => !c.attempt.allowed)) {
    const lock = await locks(claimed.map((c) => ({ key: c.key, until: c.attempt.until })));
    measure(() => signInFailures().inc({ reason: SIGN_IN_ERRORS.locked }));
    if (lock.firstRecord)
      await record(SIGN_IN_ERRORS.locked, `Locked out until ${lock.until?.toISOString() ?? "later"}`);
    throw new Error(SIGN_IN_ERRORS.locked);
  }

  const valid = await verifyPassword(parsed.data.password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !valid) {
    const lock = await locks(
      await Promise.all(
        claimed.map(async (c) => ({ key: c.key, until: await settleFailure(db, c.key, c.attempt, c.throttle, now) })),
      ),
    );
    if (!lock.any) throw await fail(SIGN_IN_ERRORS.invalid, "Wrong e-mail or password");
    measure(() => {
      signInFailures().inc({ reason: SIGN_IN_ERRORS.invalid });
      if (lock.firstRecord) lockOuts().inc();
    });
    if (lock.firstRecord) await record(SIGN_IN_ERRORS.locked, "Wrong e-mail or password; locked out");
    throw new Error(SIGN_IN_ERRORS.locked);
  }
  if (user.disabledAt) throw await fail(SIGN_IN_ERRORS.disabled, "Account disabled");

  try {
    await appendAudit({
      actor: { id: user.id, email: user.email, role: user.role },
      action: "auth.sign-in",
      target: user.email,
      outcome: "ok",
      input: { method: "password", ...known, ...(user.mustChangePassword ? { mustChangePassword: true } : {}) },
      requestId: request.requestId,
      ip: request.ip,
    });
  } catch (error) {
    // While the chain alarm stands nothing is recorded, yet staff must still reach the pages that
    // say what broke: the sign-in goes to the server log instead. Any other failure refuses it.
    if (!(error instanceof AuditTamperedError)) {
      logger.error({ err: error, requestId: request.requestId }, "sign-in refused: audit write failed");
      throw new Error(SIGN_IN_ERRORS.unavailable);
    }
    logger.warn(
      { userId: user.id, requestId: request.requestId },
      "sign-in not recorded: the audit chain is found broken",
    );
  }
  // A known browser's success clears only its own count: what others did to the account stands.
  await settleSuccess(
    db,
    device ? { clear: [`device:${device.nonce}`] } : { clear: [accountKey], giveBack: addressKey },
  );
  await db.update(tables.users).set({ lastSignInAt: now }).where(eq(tables.users.id, user.id));
  return {
    user: { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion },
    deviceCookie: nextDeviceCookieValue(env.AUTH_SECRET, request.deviceTokens ?? [], user.id, now),
  };
}

/** The throttle key of an identifier that names no account (see signInWithPassword): never the text itself. */
function unknownAccountKey(secret: string, recorded: string): string {
  const digest = createHmac("sha256", secret).update(`sign-in-identifier:${recorded}`).digest("base64url");
  return `account:unknown:${digest}`;
}
