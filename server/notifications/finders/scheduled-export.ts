import "server-only";
import { failingSchedules } from "@/server/alerts/schedules/failures";
import type { Finder } from "./types";

/** A scheduled export whose newest run failed after its retries, until a later run succeeds. */
export const scheduledExportFinder: Finder = async () => ({
  findings: (await failingSchedules()).map((s) => ({
    subject: s.scheduleId,
    count: s.failed,
    what: `${s.failed} scheduled export run${s.failed === 1 ? "" : "s"} of webhook ${s.webhookId} failed after their retries (the newest for the period from ${s.periodStart})`,
    path: "/alerts/schedules",
  })),
  unknown: [],
});
