import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { listWebhookSummaries } from "@/server/alerts/webhook-list";

export const GET = defineRoute({
  permission: "alerts:read",
  query: z.object({}),
  run: async () => ({ webhooks: await listWebhookSummaries() }),
});
