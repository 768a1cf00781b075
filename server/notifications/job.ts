import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { z } from "zod";
import { getDb, tables } from "@/server/db";
import { getEnv } from "@/server/env";
import { defineJob, startJob, type JobActor } from "@/server/jobs";
import { logger } from "@/server/log";
import { NOTIFY_JOB_KIND } from "./job-kind";
import { settingsSavedAt } from "./settings";
import { runNotifications } from "./tick";

/** One pass at a time across every instance: a start while one is queued or running joins it. */
const SINGLETON = "notifications-tick";
/** Passes more when the settings keep changing under them (each extra pass goes by the newest). */
const EXTRA_PASSES = 2;
/** Passes that went well are kept a day, as the yield reconciler's are; failed ones stay (they say why). */
const KEEP_PASSES_MS = 24 * 3_600_000;

/** The notification rules' pass as a durable job (server/jobs): one instance drives it at a time. */
export const notifyJob = defineJob({
  kind: NOTIFY_JOB_KIND,
  params: z.object({}),
  maxAttempts: 1,
  run: async () => {
    const db = await getDb();
    let report = await runNotifications(db);
    // Settings saved while the pass ran (a rule switched on, a threshold changed; "Check the rules now"
    // then joined this pass): once more, by what they say now.
    for (let extra = 0; extra < EXTRA_PASSES && (await settingsSavedAt(db)) !== report.settingsAt; extra++)
      report = await runNotifications(db);
    await db
      .delete(tables.jobRuns)
      .where(
        and(
          eq(tables.jobRuns.kind, NOTIFY_JOB_KIND),
          eq(tables.jobRuns.status, "succeeded"),
          lt(tables.jobRuns.finishedAt, new Date(Date.now() - KEEP_PASSES_MS)),
        ),
      );
    return report;
  },
});

const SYSTEM: JobActor = { id: "system:notifications", email: "notifications@console" };

/** Starts a pass now (or joins the one going); `by` is the admin who asked, else the console itself. */
export async function startNotifyPass(by: JobActor = SYSTEM): Promise<string> {
  const { run } = await startJob(notifyJob, {}, { singletonKey: SINGLETON, startedBy: by });
  return run.id;
}

/** Every instance asks for a pass every CONSOLE_NOTIFY_EVERY_SECONDS; the singleton makes it one. */
export function startNotifySchedule(): () => void {
  const timer = setInterval(() => {
    startNotifyPass().catch((error: unknown) =>
      logger.warn({ err: error }, "the notification pass could not be started"),
    );
  }, getEnv().CONSOLE_NOTIFY_EVERY_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
