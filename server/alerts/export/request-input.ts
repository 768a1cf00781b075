import "server-only";
import { z } from "zod";
import { EXPORT_FORMATS, webhookIdSchema } from "@/lib/alerts/export";
import { eventFiltersQuerySchema } from "../filters-input";

/** What an export is asked with, once or on a schedule: the webhook, the events page's filters and a format. */
export const exportRequestSchema = z.object({
  webhookId: webhookIdSchema,
  filters: eventFiltersQuerySchema,
  format: z.enum(EXPORT_FORMATS, { message: "Choose CSV or NDJSON" }),
});
