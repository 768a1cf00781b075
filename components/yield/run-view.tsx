"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Play, RotateCcw, X } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { RunLimitNotice } from "@/components/jobs/run-limit-notice";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError } from "@/components/ui/form-error";
import { ProgressBar } from "@/components/ui/progress-bar";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { chainLabel } from "@/lib/chains";
import { utc } from "@/lib/shared/format";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { runUrl } from "@/lib/yield/routes";
import { isRunActive, type YieldRunView } from "@/lib/yield/runs";
import { positionsPageUrl } from "@/lib/yield/search-params";
import { runActionWords, withUnit } from "@/lib/yield/words";
import { abandonYieldRun, retryYieldRun, startYieldRun } from "@/server/actions/yield";
import { RunSimulationView } from "./run-simulation";
import { RunStatusBadge } from "./run-status";
import { StepCard } from "./step-card";

/** One run: its steps live while a job drives it (polled each second), and what may be done next. */
export function RunView({ runId, canAct }: { runId: string; canAct: boolean }) {
  const queryClient = useQueryClient();
  const key = queryKeys.yield.run(runId);
  const run = useQuery({
    queryKey: key,
    queryFn: () => fetchJson<YieldRunView>(runUrl(runId)),
    refetchInterval: (q) => (q.state.data && isRunActive(q.state.data) ? 1000 : false),
    staleTime: 0,
  });
  const [abandoning, setAbandoning] = useState(false);
  const [reason, setReason] = useState("");
  const settle = { errors: "inline" as const, onSuccess: (next: YieldRunView) => queryClient.setQueryData(key, next) };
  const start = useAction(startYieldRun, settle);
  const retry = useAction(retryYieldRun, settle);
  const abandon = useAction(abandonYieldRun, {
    ...settle,
    onSuccess: (next: YieldRunView) => {
      queryClient.setQueryData(key, next);
      setAbandoning(false);
    },
  });
  if (run.isPending) return <Skeleton className="h-64 w-full" />;
  if (run.isError)
    return <ErrorState message={run.error.message} error={run.error} onRetry={() => void run.refetch()} />;
  const r = run.data;
  const signable = r.steps.filter((s) => s.phase !== "skipped");
  const confirmed = signable.filter((s) => s.phase === "confirmed").length;
  const title = `${runActionWords(r.intent, r.actionType)}${r.amount ? ` ${withUnit(r.amount, r.symbol)}` : ""}`;
  return (
    <div className="space-y-4">
      <Link
        href={positionsPageUrl(r.clientId, r.chainId)}
        className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg"
      >
        <ArrowLeft className="size-3.5" aria-hidden /> The client&apos;s positions on {chainLabel(r.chainId)}
      </Link>
      <section aria-label="Run" className="space-y-3 rounded-lg border border-border bg-surface p-4 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold">
            {title} — <span className="font-mono text-sm">{r.yieldId}</span>
          </h2>
          <span data-testid="run-status">
            <RunStatusBadge status={r.status} />
          </span>
        </div>
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
          <div>
            <dt className="inline text-muted">Client: </dt>
            <dd className="inline font-mono text-xs break-all">{r.clientId}</dd>
          </div>
          <div>
            <dt className="inline text-muted">{r.isAccountAbstracted ? "Smart account: " : "Address: "}</dt>
            <dd className="inline font-mono text-xs break-all">{r.address}</dd>
          </div>
          <div>
            <dt className="inline text-muted">Chain: </dt>
            <dd className="inline">
              {chainLabel(r.chainId)} <span className="font-mono text-xs text-muted">{r.chainId}</span>
            </dd>
          </div>
          <div>
            <dt className="inline text-muted">Gas: </dt>
            <dd className="inline">{r.stripGas ? "estimated by the signing service" : "as the provider set it"}</dd>
          </div>
          <div>
            <dt className="inline text-muted">Created: </dt>
            <dd className="inline">
              {utc(r.createdAt)} by {r.createdByEmail}
            </dd>
          </div>
          {r.actionId ? (
            <div>
              <dt className="inline text-muted">Provider action: </dt>
              <dd className="inline font-mono text-xs break-all">{r.actionId}</dd>
            </div>
          ) : null}
        </dl>
        <ProgressBar
          label="Steps confirmed"
          value={confirmed}
          max={signable.length}
          text={`${confirmed} of ${signable.length} steps confirmed`}
          textTestId="run-progress"
        />
        <Explanation run={r} />
        {r.reconciliation && r.status === "failed" ? (
          <div
            role="alert"
            className="space-y-1 rounded border border-warning/40 bg-warning-soft px-3 py-2"
            data-testid="run-reconciliation"
          >
            <p className="font-medium">Found by the reconciler ({utc(r.reconciliation.checkedAt)}):</p>
            <ul className="list-disc space-y-1 pl-5">
              {r.reconciliation.findings.map((f) => (
                <li key={`${f.kind}-${f.stepIndex}`}>{f.message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {canAct ? (
          <div className="flex flex-wrap gap-2">
            {r.status === "preview" ? (
              <Button variant="primary" disabled={start.pending} onClick={() => start.run({ runId })}>
                <Play className="size-4" aria-hidden /> {start.pending ? "Starting…" : "Start: sign and send"}
              </Button>
            ) : null}
            {r.status === "failed" ? (
              <Button variant="primary" disabled={retry.pending} onClick={() => retry.run({ runId })}>
                <RotateCcw className="size-4" aria-hidden />{" "}
                {retry.pending ? "Retrying…" : "Retry from the failed part"}
              </Button>
            ) : null}
            {r.status === "preview" || r.status === "running" || r.status === "failed" ? (
              <Button variant="danger" onClick={() => setAbandoning(true)}>
                <X className="size-4" aria-hidden /> Abandon
              </Button>
            ) : null}
          </div>
        ) : null}
        <FormError message={start.formError ?? retry.formError} />
        <RunLimitNotice error={start.error ?? retry.error} />
      </section>
      {r.status === "preview" || r.status === "failed" ? <RunSimulationView runId={runId} /> : null}
      <ol className="space-y-2" aria-label="Steps, in order">
        {r.steps.map((step) => (
          <StepCard key={step.stepIndex} step={step} chainId={r.chainId} />
        ))}
      </ol>
      <ConfirmDialog
        open={abandoning}
        onOpenChange={(open) => (setAbandoning(open), abandon.reset())}
        title="Abandon this run?"
        confirmLabel="Abandon the run"
        pending={abandon.pending}
        error={abandon.formError}
        onConfirm={() => abandon.run({ runId, reason: reason.trim() || undefined })}
      >
        <p>
          Nothing more will be signed for it. Steps already confirmed stay on the chain; a step being signed now
          finishes its call. The provider&apos;s action stays as it is.
        </p>
        <label htmlFor="abandon-reason" className="mt-3 block text-sm font-medium">
          Why (kept on the run and in the audit log; optional)
        </label>
        <textarea
          id="abandon-reason"
          value={reason}
          maxLength={500}
          rows={2}
          onChange={(e) => setReason(e.target.value)}
          className="mt-1 w-full rounded border border-border bg-surface px-2.5 py-1.5 text-sm"
        />
      </ConfirmDialog>
    </div>
  );
}

function Explanation({ run }: { run: YieldRunView }) {
  if (run.status === "preview")
    return (
      <p role="note" className="rounded bg-surface-2 px-3 py-2">
        Nothing has been signed. Check the transactions below; starting the run signs and sends them one at a time, each
        confirmed on the chain before the next.
      </p>
    );
  if (run.status === "running")
    return (
      <p role="status" className="rounded bg-accent-soft px-3 py-2">
        A job on the server is driving this run: you may leave this page, it goes on.
      </p>
    );
  if (run.status === "failed")
    return (
      <p role="alert" className="rounded bg-danger-soft px-3 py-2 text-danger" data-testid="run-error">
        {run.error ?? "A step failed."} A retry starts again from the part that failed; nothing already sent is signed
        again.
      </p>
    );
  if (run.status === "abandoned")
    return (
      <p className="rounded bg-warning-soft px-3 py-2" data-testid="run-abandoned">
        This run was abandoned.{run.error ? ` ${run.error}` : ""}
      </p>
    );
  return (
    <p role="status" className="rounded bg-success-soft px-3 py-2 text-success">
      Every step is confirmed on the chain{run.finishedAt ? ` (${utc(run.finishedAt)})` : ""}.
    </p>
  );
}
