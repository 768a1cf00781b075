import { clientIdSchema } from "@/lib/clients";
import { timelineQuerySchema } from "@/lib/clients/timeline-query";
import { clientTimeline } from "@/server/clients/timeline";
import { getDb } from "@/server/db";
import { defineRoute } from "@/server/kit/define-route";

export const GET = defineRoute({
  permission: "clients:read",
  query: timelineQuerySchema.extend({ clientId: clientIdSchema }),
  run: async ({ clientId, kinds, cursor, limit }) => clientTimeline(await getDb(), clientId, { kinds, cursor, limit }),
});
