"use client";
import { X } from "lucide-react";
import Link from "next/link";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import type { RunningRunView } from "@/lib/jobs";
import type { ActionError } from "@/lib/shared/result";
import { cancelJobRun } from "@/server/actions/jobs";

/**
 * Under a TOO_MANY_RUNS refusal, where the person asked for the run: the runs of theirs it names,
 * each with Cancel (or a link to its own page, for a kind stopped there), so they can free a place
 * and start again without looking for them. The refusal's message is the form's own error line.
 */
export function RunLimitNotice({ error, onCancelled }: { error: ActionError | undefined; onCancelled?: () => void }) {
  const runs = error?.code === "TOO_MANY_RUNS" ? error.runs : undefined;
  if (!runs || runs.length === 0) return null;
  return (
    <ul aria-label="Your runs already going" className="divide-y divide-border rounded border border-border text-xs">
      {runs.map((run) => (
        <RunningRun key={run.id} run={run} onCancelled={onCancelled} />
      ))}
    </ul>
  );
}

function RunningRun({ run, onCancelled }: { run: RunningRunView; onCancelled?: () => void }) {
  const cancel = useAction(cancelJobRun, { errors: "inline", onSuccess: () => onCancelled?.() });
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1 px-2 py-1.5">
      <span className="min-w-0 flex-1 break-words">
        <span className="font-medium">{run.label}</span> <span className="text-muted">({run.progress})</span>
      </span>
      {run.href ? (
        <Link href={run.href} className="text-accent underline" aria-label={`Open ${run.label}`}>
          Open
        </Link>
      ) : cancel.data ? (
        <span role="status" className="text-muted">
          Cancelled: you can start again.
        </span>
      ) : (
        <Button
          size="sm"
          onClick={() => cancel.run({ runId: run.id })}
          disabled={cancel.pending}
          aria-label={`${cancel.pending ? "Cancelling" : "Cancel"} ${run.label}`}
        >
          <X className="size-3.5" aria-hidden /> {cancel.pending ? "Cancelling…" : "Cancel"}
        </Button>
      )}
      {cancel.formError ? (
        <p role="alert" className="w-full text-danger">
          {cancel.formError}
        </p>
      ) : null}
    </li>
  );
}
