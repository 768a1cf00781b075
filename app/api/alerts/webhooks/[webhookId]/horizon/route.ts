import { z } from "zod";
import { readDropHorizon } from "@/server/alerts/drop-horizon";
import { defineRoute } from "@/server/kit/define-route";

/** The webhook's failed events still in the retry schedule, lost soonest first, with the counts due. */
export const GET = defineRoute({
  permission: "alerts:read",
  query: z.object({ webhookId: z.string().min(1).max(100) }),
  run: ({ webhookId }) => readDropHorizon(webhookId),
});
