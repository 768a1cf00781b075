import { z } from "zod";
import { listWebhookSummaries } from "@/server/alerts/webhook-list";
import { defineRoute } from "@/server/kit/define-route";

export const GET = defineRoute({
  permission: "alerts:read",
  query: z.object({}),
  run: async () => ({ webhooks: await listWebhookSummaries() }),
});
