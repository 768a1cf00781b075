import "server-only";
import { utc } from "@/lib/shared/format";
import { claimAttempt, settleFailure, settleSuccess, type Attempt, type Throttle } from "@/server/auth/rate-limit";
import type { Db } from "@/server/db";
import { getEnv } from "@/server/env";
import { AppError, rateLimitedUntil } from "@/server/errors";

/**
 * The current-password check of a password change is a password guess like a sign-in (someone at a
 * session left open could try passwords there), so it is throttled by the sign-in's own mechanism
 * (server/auth/rate-limit.ts), with the account's limit and lock, under a key of its own per account
 * ("password-change:<user id>"): strangers' failed sign-ins do not stop anyone changing their
 * password, and wrong current passwords do not lock the account's sign-in.
 */
const keyOf = (userId: string) => `password-change:${userId}`;

function throttle(): Throttle {
  const env = getEnv();
  return { limit: env.CONSOLE_SIGNIN_ACCOUNT_LIMIT, lockMinutes: env.CONSOLE_SIGNIN_LOCK_MINUTES };
}

function paused(until: Date, now: Date, because = "Too many wrong current passwords") {
  return rateLimitedUntil(
    `${because}: changing your password is paused until ${utc(until.toISOString())}. Try again then.`,
    until,
    now,
  );
}

/** Counts the check before it is made; while the account's changes are paused, refuses without making it. */
export async function claimPasswordCheck(db: Db, userId: string, now = new Date()): Promise<Attempt> {
  const attempt = await claimAttempt(db, keyOf(userId), throttle(), now);
  if (!attempt.allowed) throw paused(attempt.until ?? now, now);
  return attempt;
}

/** After a right current password: the count starts afresh. */
export async function passwordCheckPassed(db: Db, userId: string): Promise<void> {
  await settleSuccess(db, { clear: [keyOf(userId)] });
}

/**
 * After a wrong one: the error to answer with. The wrong password that reaches the limit pauses
 * changes and says until when; the ones before it say only that it was wrong.
 */
export async function passwordCheckFailed(db: Db, userId: string, attempt: Attempt, now = new Date()) {
  const until = await settleFailure(db, keyOf(userId), attempt, throttle(), now);
  if (until) return paused(until, now, "The current password is not right, and that was one wrong try too many");
  return new AppError("VALIDATION", "The current password is not right.", { current: "Not your current password" });
}
