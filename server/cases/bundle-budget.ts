import "server-only";
import { utc } from "@/lib/shared/format";
import type { Db } from "@/server/db";
import { takeFromWindow } from "@/server/db/window-counter";
import { rateLimitedUntil } from "@/server/errors";

/**
 * A case bundle is gathered and signed while the person waits: every record of the case, its exports'
 * manifests and its eject packs. One person may ask for a bounded number in a window, counted in
 * PostgreSQL so every instance draws on the same count; past it the next is refused before anything is
 * read, so a valid session cannot keep the database and the signing key busy, or fill the audit log
 * with the records of its downloads.
 */
export const CASE_BUNDLES_PER_PERSON = 30;
export const CASE_BUNDLE_BUDGET_MINUTES = 10;

/** Takes one bundle from the person's budget, or throws RATE_LIMITED saying until when. */
export async function takeCaseBundleBudget(db: Db, userId: string, now = new Date()): Promise<void> {
  const take = await takeFromWindow(
    db,
    `case-bundles:${userId}`,
    1,
    CASE_BUNDLES_PER_PERSON,
    CASE_BUNDLE_BUDGET_MINUTES * 60,
    now,
  );
  if (take.taken) return;
  const renews = new Date(take.windowStartedAt.getTime() + CASE_BUNDLE_BUDGET_MINUTES * 60_000);
  throw rateLimitedUntil(
    `No bundle was made: one person may download ${CASE_BUNDLES_PER_PERSON} case bundles in ${CASE_BUNDLE_BUDGET_MINUTES} minutes, and you have. Try again after ${utc(renews.toISOString())}.`,
    renews,
    now,
  );
}
