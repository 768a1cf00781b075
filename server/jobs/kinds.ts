import "server-only";

/**
 * Every module that defines a job kind, imported before the workers start so that this instance
 * can drive runs of any kind. A new kind joins by adding its module here and its row to JOB_ACCESS.
 */
export async function loadJobKinds() {
  await import("@/server/clients/find-address-job");
  await import("@/server/alerts/export/job");
  await import("@/server/alerts/replay/job");
  await import("@/server/alerts/replay/follow-job");
  await import("@/server/audit/export/job");
  await import("@/server/yield/run-job");
  await import("@/server/yield/reconcile");
  // A completed eject's evidence pack, and the sweep that queues any pack still owed.
  (await import("@/server/ejects/evidence/job")).startEvidenceSweep();
  await import("@/server/notifications/job");
  // Export files expire: every instance that can run exports also sweeps the shared directory.
  (await import("@/server/alerts/export/sweep")).startExportSweep();
}
