"use server";
import type { ExportResult } from "@/lib/alerts/export";
import { filtersRecord } from "@/lib/alerts/filters";
import type { JobRunView } from "@/lib/jobs";
import { exportRequestSchema } from "@/server/alerts/export/request-input";
import { queueExport } from "@/server/alerts/export/start";
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
  input: exportRequestSchema,
  target: (input) => input.webhookId,
  auditInput: (input) => ({ webhookId: input.webhookId, filters: filtersRecord(input.filters), format: input.format }),
  run: async (input, { user }): Promise<JobRunView<ExportResult>> => (await queueExport(user, input)).run,
  auditResult: (run) => ({ runId: run.id, status: run.status }),
});
