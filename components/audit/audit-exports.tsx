"use client";
import { FileDown } from "lucide-react";
import { RunLimitNotice } from "@/components/jobs/run-limit-notice";
import { Button } from "@/components/ui/button";
import { ExportRunItem } from "@/components/ui/export-run-item";
import { FormError } from "@/components/ui/form-error";
import type { AuditFilters } from "@/lib/audit";
import type { AuditExportFilters } from "@/lib/audit/export";
import { auditExportFileUrl, auditExportManifestUrl } from "@/lib/audit/routes";
import type { AuditExports } from "./use-audit-exports";

const LABELS: Record<keyof AuditExportFilters, string> = {
  actor: "actor",
  action: "action",
  outcome: "outcome",
  errorCode: "error",
  from: "from",
  to: "to",
};

export function describeAuditFilters(filters: AuditExportFilters): string {
  const parts = Object.entries(filters)
    .filter(([, v]) => v)
    .map(([k, v]) => `${LABELS[k as keyof AuditExportFilters] ?? k} ${v}`);
  return parts.length > 0 ? parts.join(" · ") : "the whole log";
}

/** Starts an export of the log as filtered now (the whole log without filters), written on the server. */
export function AuditExportButton({
  exports,
  filters,
  hasFilters,
}: {
  exports: AuditExports;
  filters: AuditFilters;
  hasFilters: boolean;
}) {
  return (
    <Button onClick={() => exports.start.run({ filters })} disabled={exports.start.pending}>
      <FileDown className="size-4" aria-hidden />
      {exports.start.pending ? "Starting…" : `Export CSV${hasFilters ? " (filtered)" : ""}`}
    </Button>
  );
}

/** The refusal of a start, if any, and the user's recent audit exports: progress, then file and signed manifest. */
export function AuditExportList({ exports }: { exports: AuditExports }) {
  const { runs, start, listKey } = exports;
  return (
    <>
      <FormError message={start.formError ?? Object.values(start.fieldErrors)[0]} />
      <RunLimitNotice error={start.error} onCancelled={() => void runs.refetch()} />
      {runs.isError ? (
        <p role="alert" className="text-xs text-danger">
          Your exports could not be listed: {runs.error.message}{" "}
          <button type="button" className="underline" onClick={() => void runs.refetch()}>
            Retry
          </button>
        </p>
      ) : runs.data && runs.data.length > 0 ? (
        <ul className="divide-y divide-border rounded border border-border" aria-label="Your recent audit exports">
          {runs.data.map((run) => (
            <ExportRunItem
              key={run.id}
              run={run}
              listKey={listKey}
              format="CSV"
              description={describeAuditFilters(run.request.filters)}
              downloads={{ file: auditExportFileUrl, manifest: auditExportManifestUrl }}
            />
          ))}
        </ul>
      ) : null}
    </>
  );
}
