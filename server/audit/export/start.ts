import "server-only";
import type { AuditFilters } from "@/lib/audit";
import type { AuditExportFilters, AuditExportResult, AuditExportRunView } from "@/lib/audit/export";
import type { JobRunView } from "@/lib/jobs";
import type { StaffUser } from "@/server/auth/users";
import { getDb, tables } from "@/server/db";
import { listJobRuns, startJob } from "@/server/jobs";
import { singletonKey } from "@/server/jobs/singleton-key";
import { toJobRunView } from "@/server/jobs/view";
import { auditExportJob, auditExportParamsSchema, type AuditExportParams } from "./job";

/** The filters as they are stored: only the ones set, as text. */
export function storedFilters(filters: AuditFilters): AuditExportFilters {
  return Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/**
 * Queues an export of the whole filtered audit log, pinned to the records there are now. The same
 * user asking again for the same filters while it runs gets the running export.
 */
export async function queueAuditExport(
  user: StaffUser,
  filters: AuditFilters,
  now = new Date(),
): Promise<{ run: JobRunView<AuditExportResult>; created: boolean }> {
  const stored = storedFilters(filters);
  const [head] = await (await getDb()).select({ lastSeq: tables.auditHead.lastSeq }).from(tables.auditHead).limit(1);
  const params: AuditExportParams = {
    filters: stored,
    throughSeq: head?.lastSeq ?? 0,
    startedAt: now.toISOString(),
    actor: { id: user.id, email: user.email, role: user.role },
  };
  const { run, created } = await startJob(auditExportJob, params, {
    startedBy: { id: user.id, email: user.email },
    singletonKey: singletonKey("audit-export", { user: user.id, filters: stored }),
  });
  return { run: toJobRunView<AuditExportResult>(run), created };
}

/** The user's recent audit exports, newest first, each with the filters it was asked to export. */
export async function recentAuditExports(user: StaffUser, limit = 5): Promise<AuditExportRunView[]> {
  const runs = await listJobRuns({ kind: auditExportJob.kind, startedBy: user.id, limit });
  return runs.flatMap((run) => {
    const params = auditExportParamsSchema.safeParse(run.params);
    return params.success
      ? [{ ...toJobRunView<AuditExportResult>(run), request: { filters: params.data.filters } }]
      : [];
  });
}
