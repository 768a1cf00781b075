"use client";
import { X } from "lucide-react";
import { isActive, type JobRunView } from "@/lib/jobs";
import { formatDuration } from "@/lib/shared/format";
import { Button } from "./button";
import { ProgressBar } from "./progress-bar";

/** A server job's progress: a bar, the counts, the rate and the time left, and Cancel while it runs. */
export function JobProgress({
  run,
  label,
  onCancel,
  cancelling = false,
}: {
  run: JobRunView;
  label: string;
  onCancel?: () => void;
  cancelling?: boolean;
}) {
  const active = isActive(run);
  const parts = [
    run.total !== null
      ? `${run.done.toLocaleString("en")} of ${run.total.toLocaleString("en")}`
      : `${run.done.toLocaleString("en")}`,
    run.ratePerSecond ? `${Math.round(run.ratePerSecond).toLocaleString("en")}/s` : null,
    active && run.etaSeconds !== null ? `about ${formatDuration(run.etaSeconds * 1000)} left` : null,
  ].filter(Boolean);
  return (
    <div role="status" aria-label={label}>
      <ProgressBar
        label={`${label} progress`}
        value={run.done}
        max={run.total}
        aside={
          active && onCancel ? (
            <Button size="sm" onClick={onCancel} disabled={cancelling || run.cancelRequested}>
              <X className="size-3.5" aria-hidden /> {run.cancelRequested ? "Cancelling…" : "Cancel"}
            </Button>
          ) : null
        }
        text={`${run.status === "queued" ? "Waiting to start… " : ""}${run.message ?? parts.join(" · ")}${
          run.message && parts.length > 0 ? ` · ${parts.join(" · ")}` : ""
        }`}
      />
    </div>
  );
}
