import { z } from "zod";
import { readWatchdog } from "@/server/alerts/watchdog";
import { defineRoute } from "@/server/kit/define-route";

/** The webhook's alerts of the last day whose confirmed partner never came, with what the chain says. */
export const GET = defineRoute({
  permission: "alerts:read",
  query: z.object({ webhookId: z.string().min(1).max(100) }),
  run: ({ webhookId }) => readWatchdog(webhookId),
});
