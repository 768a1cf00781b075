import { z } from "zod";
import { webhookIdSchema } from "@/lib/alerts/export";
import { readReceipts, receiptOutcomesParam } from "@/server/alerts/replay/receipts-read";
import { defineRoute } from "@/server/kit/define-route";

/** A replay run's tally and one page (100) of its receipts, in the order sent, optionally of some outcomes. */
export const GET = defineRoute({
  permission: "alerts:read",
  query: z.object({
    webhookId: webhookIdSchema,
    runId: z.uuid("Unknown replay run"),
    outcome: receiptOutcomesParam.optional(),
    after: z.coerce.number().int("expected a whole number").min(0, "expected 0 or more").optional(),
  }),
  run: ({ webhookId, runId, outcome, after }) => readReceipts(webhookId, runId, { outcomes: outcome, after }),
});
