import { z } from "zod";
import { webhookIdSchema } from "@/lib/alerts/export";
import { listReplayRuns } from "@/server/alerts/replay/receipts-read";
import { defineRoute } from "@/server/kit/define-route";

/** The webhook's replays that left receipts, newest first, each with its tally. */
export const GET = defineRoute({
  permission: "alerts:read",
  query: z.object({ webhookId: webhookIdSchema }),
  run: ({ webhookId }) => listReplayRuns(webhookId),
});
