"use client";
import { useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";
import Link from "next/link";
import { useAction } from "@/components/hooks/use-action";
import { useJobRun } from "@/components/hooks/use-job-run";
import { JobProgress } from "@/components/ui/job-progress";
import { useBroughtIntoView } from "@/components/ui/use-brought-into-view";
import type { ReplayAllResult } from "@/lib/alerts/replay";
import { isActive, type JobRunView } from "@/lib/jobs";
import { queryKeys } from "@/lib/shared/query-keys";
import { cancelJobRun } from "@/server/actions/jobs";

/**
 * A "replay all failed" run: progress and Cancel while it replays and then follows the replayed
 * events, then what was queued and refused and what the events came to, with a link to the receipts.
 */
export function ReplayAllRun({
  webhookId,
  initial,
  onFinish,
  onDismiss,
}: {
  webhookId: string;
  initial: JobRunView<ReplayAllResult>;
  onFinish: () => void;
  onDismiss: () => void;
}) {
  const queryClient = useQueryClient();
  const live = useJobRun<ReplayAllResult>(initial.id, initial, onFinish);
  const run = live.data ?? initial;
  const cancel = useAction(cancelJobRun, {
    onSuccess: (next) => queryClient.setQueryData(queryKeys.jobs.run(next.id), next),
  });
  const result = run.result;
  const ref = useBroughtIntoView<HTMLElement>();
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label="Replay of all failed events"
      className="space-y-2 rounded border border-border bg-surface p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent"
      data-testid="replay-all-run"
      data-status={run.status}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium">Replay all failed</h3>
        {!isActive(run) ? (
          <button
            type="button"
            onClick={onDismiss}
            className="rounded p-1 text-muted hover:bg-surface-2"
            aria-label="Dismiss the replay outcome"
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      {isActive(run) ? (
        <JobProgress
          run={run}
          label="Replay of all failed events"
          onCancel={() => cancel.run({ runId: run.id })}
          cancelling={cancel.pending}
        />
      ) : null}
      {result && !isActive(run) ? (
        <p role="status" data-testid="replay-all-outcome">
          {run.status === "cancelled" ? "Cancelled. " : null}
          <strong>{result.queued.toLocaleString("en")}</strong> queued for delivery,{" "}
          <strong>{result.refused.toLocaleString("en")}</strong> refused by the upstream (no longer failed, or already
          replayed)
          {result.unconfirmed > 0 ? (
            <>
              , <strong>{result.unconfirmed.toLocaleString("en")}</strong> sent without an answer (not sent again; a new
              dry run shows those still failed)
            </>
          ) : null}
          .
          {result.receipts ? (
            <span data-testid="replay-all-receipts">
              {" "}
              Followed: <strong>{result.receipts.tally.delivered.toLocaleString("en")}</strong> delivered,{" "}
              <strong>{result.receipts.tally.failed.toLocaleString("en")}</strong> failed again,{" "}
              <strong>{result.receipts.tally.pending.toLocaleString("en")}</strong> still pending.
            </span>
          ) : null}
        </p>
      ) : null}
      <Link
        href={`/alerts/${encodeURIComponent(webhookId)}/replays/${run.id}`}
        className="inline-flex text-accent underline underline-offset-2"
      >
        {isActive(run) ? "Follow the receipts" : "See the receipts"}
      </Link>
      {!result && run.status === "cancelled" ? (
        <p role="status" data-testid="replay-all-outcome">
          {run.done === 0
            ? "Cancelled before any batch was sent."
            : `Cancelled after ${run.done.toLocaleString("en")} events. ${run.message ?? ""}`}
        </p>
      ) : null}
      {run.status === "failed" ? (
        <p role="alert" className="text-danger">
          {run.error ?? "The replay failed."}
        </p>
      ) : null}
    </section>
  );
}
