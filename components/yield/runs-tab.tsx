"use client";
import Link from "next/link";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { utc } from "@/lib/shared/format";
import { runActionWords, withUnit } from "@/lib/yield/words";
import { RunStatusBadge } from "./run-status";
import { useYieldRuns } from "./use-yield-reads";

/** The runs the console made for the client, newest first, each linking to its steps. */
export function RunsTab({ clientId }: { clientId: string }) {
  const runs = useYieldRuns(clientId);
  if (runs.isPending) return <TableSkeleton rows={4} columns={4} />;
  if (runs.isError)
    return <ErrorState message={runs.error.message} error={runs.error} onRetry={() => void runs.refetch()} />;
  if (runs.data.runs.length === 0)
    return (
      <EmptyState title="The console has made no yield runs for this client">
        Enter a yield from Opportunities: its preview becomes a run listed here.
      </EmptyState>
    );
  return (
    <ul className="divide-y divide-border rounded border border-border bg-surface text-sm" aria-label="Console runs">
      {runs.data.runs.map((run) => {
        const signable = run.steps.filter((s) => s.phase !== "skipped");
        const confirmed = signable.filter((s) => s.phase === "confirmed").length;
        return (
          <li key={run.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2">
            <RunStatusBadge status={run.status} />
            <Link href={`/yield/runs/${run.id}`} className="font-medium text-accent hover:underline">
              {runActionWords(run.intent, run.actionType)} {run.amount ? `${withUnit(run.amount, run.symbol)} ` : ""}—{" "}
              {run.yieldId}
            </Link>
            <span className="text-xs text-muted">
              {confirmed} of {signable.length} steps confirmed
            </span>
            <span className="ml-auto text-xs text-muted">
              {utc(run.createdAt)} by {run.createdByEmail}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
