"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileDown } from "lucide-react";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { RunLimitNotice } from "@/components/jobs/run-limit-notice";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ExportRunItem } from "@/components/ui/export-run-item";
import { FormError } from "@/components/ui/form-error";
import type { ExportRunView } from "@/lib/alerts/export";
import { EXPORT_FORMATS, type ExportFormat } from "@/lib/alerts/export-formats";
import { describeFilters } from "@/lib/alerts/filters";
import { exportFileUrl, exportManifestUrl, recentExportsUrl } from "@/lib/alerts/routes";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { startEventsExport } from "@/server/actions/alerts-export";
import { ScheduleForm } from "./schedule-form";

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: "CSV", ndjson: "NDJSON" };

/**
 * Export of the whole filtered set (not the loaded rows) as a job on the server, from the table's
 * toolbar: the button names the set, and opens a dialog with the format, the same button to start,
 * and the user's recent exports of this webhook with their progress, Cancel, and once done the file
 * and its manifest. The job goes on when the dialog closes or the user leaves the page.
 */
export function ExportDialog({
  webhookId,
  query,
  total,
  label,
  disabled,
  zone,
}: {
  webhookId: string;
  query: string;
  total: number;
  /** The button's words: the set it exports ("Export 42 failed events on Sepolia…"). */
  label: string;
  /** The form shows filters not applied yet. */
  disabled: boolean;
  /** The page's zone: a schedule's first choice for its periods. */
  zone: string;
}) {
  const [format, setFormat] = useState<ExportFormat>("csv");
  const queryClient = useQueryClient();
  const listKey = queryKeys.alerts.exports(webhookId);
  const runs = useQuery({
    queryKey: listKey,
    queryFn: () => fetchJson<ExportRunView[]>(recentExportsUrl(webhookId)),
  });
  const [open, setOpen] = useState(false);
  const start = useAction(startEventsExport, {
    errors: "inline",
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  });
  return (
    <>
      <Button
        variant="primary"
        disabled={disabled || total === 0}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="h-auto min-h-9 py-1.5 text-left whitespace-normal"
      >
        <FileDown className="size-4 shrink-0" aria-hidden />
        {label}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Export for compliance"
        description={`Every event matching the applied filters (${total.toLocaleString("en")} now), not only the loaded rows, with a manifest of the filters, row count and SHA-256. It runs on the server: you may close this or leave the page.`}
      >
        <div className="space-y-3">
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              start.run({ webhookId, filters: query, format });
            }}
          >
            <fieldset className="flex items-center gap-3 text-sm">
              <legend className="sr-only">Format</legend>
              {EXPORT_FORMATS.map((f) => (
                <label key={f} className="inline-flex items-center gap-1.5">
                  <input
                    type="radio"
                    name="export-format"
                    value={f}
                    checked={format === f}
                    onChange={() => setFormat(f)}
                  />
                  {FORMAT_LABELS[f]}
                </label>
              ))}
            </fieldset>
            <Button
              type="submit"
              variant="primary"
              disabled={start.pending || total === 0 || disabled}
              className="h-auto min-h-9 py-1.5 text-left whitespace-normal"
            >
              <FileDown className="size-4 shrink-0" aria-hidden />
              {start.pending ? "Starting…" : label}
            </Button>
          </form>
          <FormError message={start.formError ?? Object.values(start.fieldErrors)[0]} />
          <RunLimitNotice
            error={start.error}
            onCancelled={() => void queryClient.invalidateQueries({ queryKey: listKey })}
          />
          {runs.isError ? (
            <p role="alert" className="text-xs text-danger">
              Your exports could not be listed: {runs.error.message}{" "}
              <button type="button" className="underline" onClick={() => void runs.refetch()}>
                Retry
              </button>
            </p>
          ) : runs.data && runs.data.length > 0 ? (
            <div className="space-y-2">
              <h3 className="text-xs font-medium text-muted">Your recent exports of this webhook</h3>
              <ul className="divide-y divide-border rounded border border-border" aria-label="Your recent exports">
                {runs.data.map((run) => (
                  <ExportRunItem
                    key={run.id}
                    run={run}
                    listKey={listKey}
                    format={run.request.format.toUpperCase()}
                    description={describeFilters(run.request.filters)}
                    downloads={{ file: exportFileUrl, manifest: exportManifestUrl }}
                  />
                ))}
              </ul>
            </div>
          ) : null}
          <ScheduleForm webhookId={webhookId} query={query} format={format} zone={zone} disabled={disabled} />
        </div>
      </Dialog>
    </>
  );
}
