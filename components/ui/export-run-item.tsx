"use client";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useAction } from "@/components/hooks/use-action";
import { useJobRun } from "@/components/hooks/use-job-run";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { DownloadLink } from "@/components/ui/download-link";
import { JobProgress } from "@/components/ui/job-progress";
import { isActive, type JobRunView } from "@/lib/jobs";
import { utc } from "@/lib/shared/format";
import { queryKeys } from "@/lib/shared/query-keys";
import { cancelJobRun } from "@/server/actions/jobs";

const STATUS_TONES = {
  queued: "neutral",
  running: "accent",
  succeeded: "success",
  failed: "danger",
  cancelled: "warning",
} as const;

/** What every export's finished run holds: the file, and its signed manifest beside it. */
export interface ExportedFile {
  fileName: string;
  rows: number;
  sha256: string;
  expiresAt: string;
  manifest: { signature?: { keyId: string } };
}

/**
 * One export run (alerts or audit): what it covers, its progress with Cancel while it runs, then its
 * file and signed manifest. `downloads` builds the URLs of the run's file and manifest (its area's routes).
 */
export function ExportRunItem<R extends ExportedFile>({
  run: listed,
  listKey,
  format,
  description,
  downloads,
}: {
  run: JobRunView<R>;
  listKey: QueryKey;
  format: string;
  description: string;
  downloads: { file: (runId: string) => string; manifest: (runId: string) => string };
}) {
  const queryClient = useQueryClient();
  // Followed only while it runs; when it ends, the list is read again for its result.
  const live = useJobRun<R>(isActive(listed) ? listed.id : undefined, listed, () => {
    void queryClient.invalidateQueries({ queryKey: listKey });
  });
  const run: JobRunView<R> = live.data ?? listed;
  const cancel = useAction(cancelJobRun, {
    onSuccess: (next) => queryClient.setQueryData(queryKeys.jobs.run(next.id), next),
  });
  const result = run.status === "succeeded" ? run.result : null;
  const signedBy = result?.manifest.signature?.keyId;
  return (
    <li className="space-y-2 p-3 text-sm" data-testid="export-run" data-run-id={run.id} data-status={run.status}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATUS_TONES[run.status]}>{run.status}</Badge>
        <span className="font-medium">{format}</span>
        <span className="min-w-0 text-xs break-words text-muted">{description}</span>
        <span className="ml-auto text-xs text-muted">
          started <time dateTime={run.createdAt}>{utc(run.createdAt)}</time>
        </span>
      </div>
      {isActive(run) ? (
        <JobProgress
          run={run}
          label={`Export ${format}`}
          onCancel={() => cancel.run({ runId: run.id })}
          cancelling={cancel.pending}
        />
      ) : null}
      {result ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <span data-testid="export-rows">
            <strong>{result.rows.toLocaleString("en")}</strong> rows
          </span>
          <span className="inline-flex min-w-0 items-center gap-1 font-mono text-xs">
            SHA-256 <span data-testid="export-sha256">{result.sha256.slice(0, 16)}…</span>
            <CopyButton value={result.sha256} label="SHA-256" />
          </span>
          {signedBy ? (
            <span className="font-mono text-xs text-muted" data-testid="export-signed-by">
              signed by {signedBy}
            </span>
          ) : null}
          <span className="text-xs text-muted">
            kept until <time dateTime={result.expiresAt}>{utc(result.expiresAt)}</time>
          </span>
          <span className="flex gap-2">
            <DownloadLink href={downloads.file(run.id)}>{`Download ${format}`}</DownloadLink>
            <DownloadLink href={downloads.manifest(run.id)} fileName={`${result.fileName}.manifest.json`}>
              Manifest
            </DownloadLink>
          </span>
        </div>
      ) : null}
      {run.status === "failed" ? (
        <p role="alert" className="text-xs text-danger">
          {run.error ?? "The export failed."}
        </p>
      ) : null}
      {run.status === "cancelled" ? (
        <p className="text-xs text-muted">Cancelled after {run.done.toLocaleString("en")} rows; no file was kept.</p>
      ) : null}
    </li>
  );
}
