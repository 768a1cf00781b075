import { z } from "zod";
import { SUMMARY_TEST_MODE, TEST_MODES } from "@/lib/alerts/test-activity";
import { readDropHorizon } from "@/server/alerts/drop-horizon";
import { defineRoute } from "@/server/kit/define-route";

/** The webhook's failed events still in the retry schedule, lost soonest first, with the counts due; test activity left out unless `test` says otherwise. */
export const GET = defineRoute({
  permission: "alerts:read",
  query: z.object({
    webhookId: z.string().min(1).max(100),
    test: z.enum(TEST_MODES, { message: "expected include, exclude or only" }).default(SUMMARY_TEST_MODE),
  }),
  run: ({ webhookId, test }) => readDropHorizon(webhookId, Date.now(), undefined, test),
});
