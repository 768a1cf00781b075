import { clientIdSchema } from "@/lib/clients";
import { timelineQuerySchema } from "@/lib/clients/timeline-query";
import { shownTimeline } from "@/server/clients/timeline";
import { defineRoute } from "@/server/kit/define-route";

export const GET = defineRoute({
  permission: "clients:read",
  query: timelineQuerySchema.extend({ clientId: clientIdSchema }),
  run: async ({ clientId, kinds, cursor, limit }) => shownTimeline(clientId, { kinds, cursor, limit }),
});
