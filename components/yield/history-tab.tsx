"use client";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { shortAddress, utc } from "@/lib/shared/format";
import { enumWords, runActionWords, withUnit } from "@/lib/yield/words";
import { useOpportunities, useYieldHistory, useYieldRuns } from "./use-yield-reads";

const ALL = { sort: "rate-desc" as const };

/** The client's yield actions as the provider records them, linking to the console's run where there is one. */
export function HistoryTab({ clientId }: { clientId: string }) {
  const history = useYieldHistory(clientId);
  const runs = useYieldRuns(clientId);
  // The token of each yield, for the unit of an action's amount (the provider's action does not name it).
  const offered = useOpportunities(clientId, ALL);
  const symbolOf = new Map((offered.data?.items ?? []).map((o) => [o.id, o.token.symbol]));
  const runOf = new Map((runs.data?.runs ?? []).filter((r) => r.actionId).map((r) => [r.actionId, r.id]));
  if (history.isPending) return <TableSkeleton rows={4} columns={4} />;
  if (history.isError)
    return <ErrorState message={history.error.message} error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data.items.length === 0)
    return (
      <EmptyState title="The provider has no yield action for this client">
        Its actions appear here once it enters, exits or manages a yield: start from Opportunities.
      </EmptyState>
    );
  return (
    <ul
      className="divide-y divide-border rounded border border-border bg-surface text-sm"
      aria-label="Provider history"
    >
      {history.data.items.map((a, i) => {
        const runId = a.id ? runOf.get(a.id) : undefined;
        return (
          <li key={a.id ?? i} className="space-y-1 px-3 py-2">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {a.status ? (
                <Badge tone={a.status === "SUCCESS" ? "success" : a.status === "FAILED" ? "danger" : "neutral"}>
                  {enumWords(a.status)}
                </Badge>
              ) : null}
              <span className="font-medium">
                {a.intent ? runActionWords(a.intent, a.type) : a.type ? enumWords(a.type) : "Action"}
                {a.amount ? ` ${withUnit(a.amount, a.yieldId ? symbolOf.get(a.yieldId) : undefined)}` : ""}
              </span>
              <span className="font-mono text-xs text-muted">{a.yieldId}</span>
              {runId ? (
                <Link href={`/yield/runs/${runId}`} className="text-xs text-accent hover:underline">
                  console run
                </Link>
              ) : null}
              {a.createdAt ? <span className="ml-auto text-xs text-muted">{utc(a.createdAt)}</span> : null}
            </div>
            <p className="flex flex-wrap gap-x-3 text-xs text-muted">
              {[...a.transactions]
                .sort((x, y) => x.stepIndex - y.stepIndex)
                .map((t) => (
                  <span key={t.transactionId}>
                    {t.stepIndex + 1}. {t.title ?? (t.type ? enumWords(t.type) : "Transaction")} — {enumWords(t.status)}
                    {t.hash ? ` ${shortAddress(t.hash, 10, 6)}` : ""}
                  </span>
                ))}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
