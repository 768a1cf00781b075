"use server";
import { z } from "zod";
import { EXPORT_FORMATS, webhookIdSchema, type ExportResult } from "@/lib/alerts/export";
import { filtersRecord } from "@/lib/alerts/filters";
import type { JobRunView } from "@/lib/jobs";
import { queueExport } from "@/server/alerts/export/start";
import { eventFiltersQuerySchema } from "@/server/alerts/filters-input";
import { defineAction } from "@/server/kit/define-action";

/**
 * Starts (or joins) a compliance export of the whole filtered set of a webhook's events. `filters`
 * is the events page's query string; the result is the run to follow (GET /api/jobs/<id>), whose
 * result is an ExportResult once it succeeded.
 */
export const startEventsExport = defineAction({
  action: "alerts.export-start",
  secretFields: [],
  permission: "alerts:export",
  input: z.object({
    webhookId: webhookIdSchema,
    filters: eventFiltersQuerySchema,
    format: z.enum(EXPORT_FORMATS, { message: "Choose CSV or NDJSON" }),
  }),
  target: (input) => input.webhookId,
  auditInput: (input) => ({ webhookId: input.webhookId, filters: filtersRecord(input.filters), format: input.format }),
  run: async (input, { user }): Promise<JobRunView<ExportResult>> => (await queueExport(user, input)).run,
  auditResult: (run) => ({ runId: run.id, status: run.status }),
});
