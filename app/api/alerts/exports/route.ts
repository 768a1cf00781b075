import { z } from "zod";
import { webhookIdSchema } from "@/lib/alerts/export";
import { recentExports } from "@/server/alerts/export/start";
import { defineRoute } from "@/server/kit/define-route";

/** The signed-in user's recent export runs, newest first (ExportRunView[]), optionally of one webhook. */
export const GET = defineRoute({
  permission: "alerts:export",
  query: z.object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    webhookId: webhookIdSchema.optional(),
  }),
  run: async ({ limit, webhookId }, { user }) => recentExports(user, limit, webhookId),
});
