import "server-only";
import { failingSchedules } from "@/server/alerts/schedules/failures";
import type { Finder } from "./types";

/**
 * A scheduled export whose newest run failed after its retries, until a later run succeeds; or one whose
 * row was deleted outside the console, until it is stopped.
 */
export const scheduledExportFinder: Finder = async () => ({
  findings: (await failingSchedules()).map((s) => ({
    subject: s.scheduleId,
    count: s.deleted ? 1 : s.failed,
    what: s.deleted
      ? `A scheduled export of webhook ${s.webhookId} was deleted from the database outside the console: it no longer runs (stop it to clear this)`
      : `${s.failed} scheduled export run${s.failed === 1 ? "" : "s"} of webhook ${s.webhookId} failed after their retries (the newest for the period from ${s.periodStart})`,
    path: "/alerts/schedules",
  })),
  unknown: [],
});
