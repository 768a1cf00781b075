import "server-only";
import type { StaffUser } from "@/server/auth/users";
import { startJob } from "@/server/jobs";
import { logger } from "@/server/log";
import { getAdminClient } from "@/server/upstream";
import { alertsReplayFollowJob } from "./replay/follow-job";

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
