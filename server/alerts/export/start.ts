import "server-only";
import type { ExportFormat, ExportResult, ExportRunView } from "@/lib/alerts/export";
import { filtersRecord, type ValidFilters } from "@/lib/alerts/filters";
import type { JobRunView } from "@/lib/jobs";
import type { StaffUser } from "@/server/auth/users";
import { listJobRuns, startJob } from "@/server/jobs";
import { singletonKey } from "@/server/jobs/singleton-key";
import { toJobRunView } from "@/server/jobs/view";
import { pinnedUntil } from "../range";
import { requireWebhook } from "../webhooks";
import { exportParamsSchema, type ExportParams } from "./checkpoint";
import { alertsExportJob } from "./job";

export interface StartExportInput {
  webhookId: string;
  filters: ValidFilters;
  format: ExportFormat;
}

/**
 * Queues an export of the whole filtered set, its range pinned now. The same user asking again for
 * the same webhook, filters and format while it runs gets the running export.
 */
export async function queueExport(
  user: StaffUser,
  input: StartExportInput,
  now = new Date(),
): Promise<{ run: JobRunView<ExportResult>; created: boolean }> {
  await requireWebhook(input.webhookId);
  const filters = filtersRecord(input.filters);
  const params: ExportParams = {
    webhookId: input.webhookId,
    filters,
    format: input.format,
    until: pinnedUntil(input.filters, now).toISOString(),
    startedAt: now.toISOString(),
    actor: { id: user.id, email: user.email, role: user.role },
  };
  const { run, created } = await startJob(alertsExportJob, params, {
    startedBy: { id: user.id, email: user.email },
    singletonKey: singletonKey("export", {
      user: user.id,
      webhookId: input.webhookId,
      filters,
      format: input.format,
    }),
  });
  return { run: toJobRunView<ExportResult>(run), created };
}

/**
 * The user's recent export runs, newest first, each with what it was asked to export; with a
 * webhook id, only that webhook's (among the user's latest 100).
 */
export async function recentExports(user: StaffUser, limit = 20, webhookId?: string): Promise<ExportRunView[]> {
  const runs = await listJobRuns({ kind: alertsExportJob.kind, startedBy: user.id, limit: webhookId ? 100 : limit });
  const views: ExportRunView[] = [];
  for (const run of runs) {
    const params = exportParamsSchema.safeParse(run.params);
    if (!params.success || (webhookId && params.data.webhookId !== webhookId)) continue;
    const { webhookId: id, format, filters, until } = params.data;
    views.push({ ...toJobRunView<ExportResult>(run), request: { webhookId: id, format, filters, until } });
  }
  return views.slice(0, limit);
}
