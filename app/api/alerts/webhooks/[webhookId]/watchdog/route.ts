import { z } from "zod";
import { SUMMARY_TEST_MODE, TEST_MODES } from "@/lib/alerts/test-activity";
import { readWatchdog } from "@/server/alerts/watchdog";
import { defineRoute } from "@/server/kit/define-route";

/** The webhook's alerts of the last day whose confirmed partner never came, with what the chain says. */
export const GET = defineRoute({
  permission: "alerts:read",
  query: z.object({
    webhookId: z.string().min(1).max(100),
    test: z.enum(TEST_MODES, { message: "expected include, exclude or only" }).default(SUMMARY_TEST_MODE),
  }),
  run: ({ webhookId, test }) => readWatchdog(webhookId, Date.now(), { test }),
});
