import "server-only";
import { getAdminClient } from "@/server/upstream";

/**
 * Replays the selected events. The upstream replays only failed ones and names the rest in
 * `failed`; the result says both, in ids, so the page can say which were queued and which not.
 */
export async function replaySelectedEvents(webhookId: string, eventIds: string[]) {
  const ids = [...new Set(eventIds)];
  const { data } = await getAdminClient().alerts.webhooks.replay(webhookId, { eventIds: ids });
  return { queued: data.replaying, refused: data.failed };
}
