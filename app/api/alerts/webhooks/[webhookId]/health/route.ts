import { z } from "zod";
import { HEALTH_RANGES } from "@/lib/alerts/search-params";
import { SUMMARY_TEST_MODE, TEST_MODES } from "@/lib/alerts/test-activity";
import { isZone, UTC } from "@/lib/shared/time-zone";
import { readWebhookHealth } from "@/server/alerts/health";
import { defineRoute } from "@/server/kit/define-route";

/** A webhook's delivery outcomes per hour or day of the range, its success rate and its failing streak. */
export const GET = defineRoute({
  permission: "alerts:read",
  query: z.object({
    webhookId: z.string().min(1).max(100),
    range: z.enum(HEALTH_RANGES, { message: "expected 24h, 7d or 30d" }).default("7d"),
    tz: z.string().max(64).refine(isZone, "not a time zone").default(UTC),
    test: z.enum(TEST_MODES, { message: "expected include, exclude or only" }).default(SUMMARY_TEST_MODE),
  }),
  run: ({ webhookId, range, tz, test }) => readWebhookHealth(webhookId, range, tz, Date.now(), test),
});
