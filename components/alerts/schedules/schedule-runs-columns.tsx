"use client";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { exportFileUrl, exportManifestUrl } from "@/lib/alerts/routes";
import type { ScheduleRunView } from "@/lib/alerts/schedules";
import { wallTime } from "@/lib/shared/time-zone";

const STATUS_TONES = {
  waiting: "warning",
  queued: "neutral",
  running: "accent",
  succeeded: "success",
  failed: "danger",
  cancelled: "neutral",
} as const;

/** A schedule's runs: the period in the schedule's zone, where the run stands, its rows and SHA-256. */
export function scheduleRunColumns(zone: string, canDownload: boolean): DisplayColumn<ScheduleRunView>[] {
  return [
    {
      header: `Period (${zone})`,
      id: "periodStart",
      cell: ({ row }) => (
        <span className="tabular md:whitespace-nowrap">
          {wallTime(row.original.periodStart, zone)} – {wallTime(row.original.periodEnd, zone)}
          {row.original.catchUp ? (
            <Badge tone="warning" className="ml-2">
              caught up
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      header: "Run",
      id: "status",
      cell: ({ row }) => (
        <div className="space-y-0.5" data-testid="schedule-run-status" data-status={row.original.status}>
          <Badge tone={STATUS_TONES[row.original.status]}>{row.original.status}</Badge>
          {row.original.message ? <div className="max-w-72 text-xs text-muted">{row.original.message}</div> : null}
        </div>
      ),
    },
    {
      header: "Rows",
      id: "rows",
      cell: ({ row }) => <span className="tabular">{row.original.rows?.toLocaleString("en") ?? "—"}</span>,
    },
    {
      header: "SHA-256",
      id: "sha256",
      meta: { fill: true },
      cell: ({ row }) =>
        row.original.sha256 ? (
          <span
            className="inline-flex flex-wrap items-center gap-1 font-mono text-xs break-all"
            data-testid="schedule-run-sha256"
          >
            <span title={row.original.sha256}>{row.original.sha256.slice(0, 16)}…</span>
            <CopyButton value={row.original.sha256} label="the SHA-256" />
          </span>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
    {
      id: "files",
      header: () => <span className="sr-only">Files</span>,
      cell: ({ row }) =>
        canDownload && row.original.status === "succeeded" && row.original.runId ? (
          <span className="flex gap-3 text-sm whitespace-nowrap">
            <a className="text-accent hover:underline" href={exportFileUrl(row.original.runId)}>
              File
            </a>
            <a className="text-accent hover:underline" href={exportManifestUrl(row.original.runId)}>
              Manifest
            </a>
          </span>
        ) : null,
    },
  ];
}
