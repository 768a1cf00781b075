import "server-only";
import type { StaffUser } from "@/server/auth/users";
import { getDb } from "@/server/db";
import { checkRoomForJob, startJob } from "@/server/jobs";
import { logger } from "@/server/log";
import { getAdminClient } from "@/server/upstream";
import { takeReplayBudget } from "./replay/budget";
import { alertsReplayFollowJob } from "./replay/follow-job";

/**
 * Whether the person may replay these events now, decided before anything is sent: a place for the
 * run that will follow their receipts (TOO_MANY_RUNS, naming the person's runs, otherwise), then
 * the events from their budget (RATE_LIMITED otherwise; ./replay/budget.ts). The place is checked
 * first, so a refusal for want of one takes nothing from the budget.
 */
export async function admitReplay(user: StaffUser, eventIds: string[]) {
  await checkRoomForJob(alertsReplayFollowJob, user.id);
  await takeReplayBudget(await getDb(), user.id, new Set(eventIds).size);
}

/**
 * Replays the selected events. The upstream replays only failed ones and names the rest in
 * `failed`; the result says both, in ids, so the page can say which were queued and which not, and
 * names the run that follows them for their receipts (null if it could not be started: the replay
 * itself happened all the same).
 */
export async function replaySelectedEvents(
  user: StaffUser,
  webhookId: string,
  eventIds: string[],
  window: { from: string; until: string } | null,
) {
  const ids = [...new Set(eventIds)];
  const sentAt = new Date();
  const { data } = await getAdminClient().alerts.webhooks.replay(webhookId, { eventIds: ids });
  let runId: string | null = null;
  try {
    const { run } = await startJob(
      alertsReplayFollowJob,
      {
        webhookId,
        actor: { id: user.id, email: user.email, role: user.role },
        sentAt: sentAt.toISOString(),
        queued: data.replaying,
        refused: data.failed,
        window,
      },
      { startedBy: { id: user.id, email: user.email } },
    );
    runId = run.id;
  } catch (error) {
    logger.error({ err: error, webhookId }, "could not start following a replay for its receipts");
  }
  return { queued: data.replaying, refused: data.failed, runId };
}
