import { z } from "zod";
import { HEALTH_RANGES } from "@/lib/alerts/health";
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
  }),
  run: ({ webhookId, range, tz }) => readWebhookHealth(webhookId, range, tz),
});
