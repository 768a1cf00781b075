import "server-only";

/** The notification pass's job kind (its row in JOB_ACCESS, lib/jobs): apart from job.ts so a read needs no job machinery. */
export const NOTIFY_JOB_KIND = "notifications.tick";
